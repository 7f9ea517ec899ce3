import Foundation
import PerennialAppStore
import PerennialCore
import PerennialTesting
import Testing

/// Apple's unsigned example payloads (`Tests/Fixtures/apple/models`) decode, with Apple's field names, and
/// unknown values or fields never break decoding.
@Suite("Signed data models")
struct SignedModelDecodingTests {
    static func decode<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
        try JSONDecoder().decode(T.self, from: PerennialTesting.Fixtures.data("apple/models/\(name).json"))
    }

    @Test func transaction() throws {
        let transaction = try Self.decode(JWSTransactionDecodedPayload.self, "signedTransaction")
        #expect(transaction.originalTransactionId == "12345" && transaction.transactionId == "23456")
        #expect(transaction.webOrderLineItemId == "34343")
        #expect(transaction.purchaseDate == Instant(milliseconds: 1_698_148_900_000))
        #expect(transaction.expiresDate == Instant(milliseconds: 1_698_149_000_000))
        #expect(transaction.type == .autoRenewableSubscription)
        #expect(transaction.inAppOwnershipType == .purchased)
        #expect(transaction.revocationReason == .appIssue)
        #expect(transaction.isUpgraded == true)
        #expect(transaction.offerType == .introductory)
        #expect(transaction.environment == .localTesting)
        #expect(transaction.transactionReason == .purchase)
        #expect(transaction.price == 10_990 && transaction.currency == "USD")
        #expect(transaction.offerDiscountType == .payAsYouGo)
        #expect(transaction.appTransactionId == "71134" && transaction.offerPeriod == "P1Y")
        #expect(transaction.billingPlanType == "MONTHLY")
        #expect(transaction.advancedCommerceInfo != nil && transaction.commitmentInfo != nil)
        let fact = try #require(transaction.transactionFact)
        #expect(fact.price == Money(minorUnits: 1_099, currency: "USD"), "Apple's milliunits, exactly")
        #expect(fact.storefront == transaction.storefront)
    }

    @Test func transactionWithRevocation() throws {
        let transaction = try Self.decode(JWSTransactionDecodedPayload.self, "signedTransactionWithRevocation")
        #expect(transaction.revocationType == .refundProrated)
        #expect(transaction.revocationPercentage == 50_000)
        #expect(transaction.revocationDate == Instant(milliseconds: 1_698_148_950_000))
    }

    @Test func renewalInfo() throws {
        let renewal = try Self.decode(JWSRenewalInfoDecodedPayload.self, "signedRenewalInfo")
        #expect(renewal.expirationIntent == .customerCancelled)
        #expect(renewal.autoRenewProductId == "com.example.product.2")
        #expect(renewal.autoRenewStatus == .on)
        #expect(renewal.isInBillingRetryPeriod == true)
        #expect(renewal.priceIncreaseStatus == .customerHasNotResponded)
        #expect(renewal.gracePeriodExpiresDate == Instant(milliseconds: 1_698_148_900_000))
        #expect(renewal.offerType == .promotional)
        #expect(renewal.renewalPrice == 9_990)
        #expect(renewal.eligibleWinBackOfferIds == ["eligible1", "eligible2"])
        #expect(renewal.appAccountToken == "7e3fb20b-4cdb-47cc-936d-99d65f608138")
        #expect(renewal.renewalBillingPlanType == "MONTHLY")
    }

    @Test func notifications() throws {
        let notification = try Self.decode(ResponseBodyV2DecodedPayload.self, "signedNotification")
        #expect(notification.notificationType == .subscribed && notification.subtype == .initialBuy)
        #expect(notification.data?.appAppleId == 41_234 && notification.data?.status == .active)
        #expect(notification.data?.signedTransactionInfo == "signed_transaction_info_value")
        let summary = try Self.decode(ResponseBodyV2DecodedPayload.self, "signedSummaryNotification")
        #expect(summary.subtype == .summary && summary.summary?.storefrontCountryCodes == ["CAN", "USA", "MEX"])
        #expect(summary.summary?.succeededCount == 5 && summary.summary?.failedCount == 2)
        let consumption = try Self.decode(ResponseBodyV2DecodedPayload.self, "signedConsumptionRequestNotification")
        #expect(consumption.notificationType == .consumptionRequest)
        #expect(consumption.data?.consumptionRequestReason == .unintendedPurchase)
    }

    @Test func appTransaction() throws {
        let app = try Self.decode(AppTransaction.self, "appTransaction")
        #expect(app.receiptType == .localTesting && app.appAppleId == 531_412)
        #expect(app.versionExternalIdentifier == 512)
        #expect(app.preorderDate == Instant(milliseconds: 1_698_148_700_000))
        #expect(app.originalPlatform == .iOS)
    }

    /// Values Apple adds later are kept raw and re-encoded unchanged; unknown fields are ignored.
    @Test func unknownValuesAndFieldsDecode() throws {
        let json = #"""
            {"notificationType":"SOMETHING_NEW","subtype":"NEW_SUBTYPE","brandNewField":{"x":[1]},
             "data":{"environment":"Staging","status":9,"consumptionRequestReason":"NEW_REASON"},"signedDate":1.5}
            """#
        let notification = try JSONDecoder().decode(ResponseBodyV2DecodedPayload.self, from: Data(json.utf8))
        #expect(notification.notificationType?.rawValue == "SOMETHING_NEW")
        #expect(notification.subtype == NotificationSubtype(rawValue: "NEW_SUBTYPE"))
        #expect(notification.data?.environment?.rawValue == "Staging")
        #expect(notification.data?.status?.rawValue == 9)
        #expect(notification.signedDate == Instant(milliseconds: 1))
        let encoded = String(decoding: try JSONEncoder().encode(notification.data), as: UTF8.self)
        #expect(encoded.contains(#""status":9"#) && encoded.contains(#""environment":"Staging""#))
    }

    @Test func allTwentyThreeNotificationTypes() {
        let types: [NotificationTypeV2] = [
            .subscribed, .didRenew, .didFailToRenew, .didChangeRenewalPref, .didChangeRenewalStatus, .offerRedeemed,
            .expired, .gracePeriodExpired, .priceIncrease, .refund, .refundDeclined, .refundReversed, .revoke,
            .renewalExtended, .renewalExtension, .consumptionRequest, .test, .oneTimeCharge, .externalPurchaseToken,
            .rescindConsent, .metadataUpdate, .migration, .priceChange,
        ]
        #expect(Set(types).count == 23)
        #expect(types.allSatisfy { $0.rawValue == $0.rawValue.uppercased() })
    }
}
