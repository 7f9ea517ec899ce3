import Foundation
import PerennialAppStore
import PerennialCore
import PerennialSimulator
import Testing

@Suite struct SignedTransactionTests {
    static let token = "6f1f6d4e-2c1a-4b8e-9a53-0d1e2f3a4b5c"

    @Test func purchaseReturnsATransactionPerennialVerifies() async throws {
        let simulator = try Fixture.simulator()
        let verifier = try NotificationFixture.verifier(simulator)
        let purchase = try await simulator.purchase(
            account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly", offer: .trial,
            appAccountToken: Self.token.uppercased())
        let transaction = try await verifier.verifyAndDecodeTransaction(try #require(purchase.signedTransactionInfo))
        #expect(transaction.transactionId == purchase.transactionID)
        #expect(transaction.originalTransactionId == purchase.originalTransactionID)
        #expect(transaction.webOrderLineItemId != nil)
        #expect(transaction.bundleId == Fixture.bundleID)
        #expect(transaction.productId == "pro.monthly")
        #expect(transaction.subscriptionGroupIdentifier == "pro")
        #expect(transaction.purchaseDate == Fixture.start)
        #expect(transaction.originalPurchaseDate == Fixture.start)
        #expect(transaction.expiresDate == Fixture.instant(days: 7))
        #expect(transaction.quantity == 1)
        #expect(transaction.type == .autoRenewableSubscription)
        #expect(transaction.inAppOwnershipType == .purchased)
        #expect(transaction.signedDate == Fixture.start)
        #expect(transaction.offerType == .introductory)
        #expect(transaction.offerDiscountType == .freeTrial)
        #expect(transaction.offerPeriod == "P1W")
        #expect(transaction.environment == .sandbox)
        #expect(transaction.storefront == "USA")
        #expect(transaction.storefrontId == "143441")
        #expect(transaction.transactionReason == .purchase)
        #expect(transaction.currency == "USD")
        #expect(transaction.price == 0)
        #expect(transaction.appAccountToken == Self.token)
        #expect(transaction.revocationDate == nil)
        #expect(purchase.orderID?.hasPrefix("M") == true)

        let raw = try #require(purchase.signedTransactionInfo)
        let header = try #require(Data(base64URL: String(raw.split(separator: ".")[0])))
        let object = try JSONDecoder().decode([String: JSONValue].self, from: header)
        #expect(object["alg"] == .string("ES256"))
        guard case .array(let chain)? = object["x5c"] else {
            Issue.record("no x5c")
            return
        }
        #expect(chain.count == 3)
        #expect(chain.allSatisfy { $0.text.map { Data(base64Encoded: $0) != nil } == true })
    }

    @Test func renewalAndRenewalInfoFollowTheLifecycle() async throws {
        let simulator = try Fixture.simulator()
        let verifier = try NotificationFixture.verifier(simulator)
        let purchase = try await simulator.purchase(
            account: "alice", bundleID: Fixture.bundleID, productID: "pro.yearly", offer: .intro)
        let id = purchase.originalTransactionID
        var info = try await verifier.verifyAndDecodeRenewalInfo(try await simulator.signedRenewalInfo(originalTransactionID: id))
        #expect(info.originalTransactionId == id)
        #expect(info.productId == "pro.yearly")
        #expect(info.autoRenewProductId == "pro.yearly")
        #expect(info.autoRenewStatus == .on)
        #expect(info.isInBillingRetryPeriod == false)
        #expect(info.renewalDate == Instant(milliseconds: 1_707_955_200_000))  // 2024-02-15
        #expect(info.recentSubscriptionStartDate == Fixture.start)
        #expect(info.offerType == .introductory)
        #expect(info.offerDiscountType == .payAsYouGo)
        #expect(info.renewalPrice == 4_995)
        #expect(info.environment == .sandbox)

        await simulator.advance(days: 32)
        let summary = try await simulator.subscription(originalTransactionID: id)
        let renewal = try await verifier.verifyAndDecodeTransaction(
            try await simulator.signedTransaction(transactionID: summary.latestTransactionID))
        #expect(renewal.transactionReason == .renewal)
        #expect(renewal.originalTransactionId == id)
        #expect(renewal.purchaseDate == Instant(milliseconds: 1_707_955_200_000))
        #expect(renewal.offerDiscountType == .payAsYouGo)
        #expect(renewal.offerPeriod == "P3M")
        #expect(renewal.price == 4_995)

        try await simulator.setBillingFailing(originalTransactionID: id, failing: true)
        await simulator.advance(days: 31)
        info = try await verifier.verifyAndDecodeRenewalInfo(try await simulator.signedRenewalInfo(originalTransactionID: id))
        #expect(info.isInBillingRetryPeriod == true)
        #expect(info.gracePeriodExpiresDate != nil)
        try await simulator.setAutoRenew(originalTransactionID: id, enabled: false)
        info = try await verifier.verifyAndDecodeRenewalInfo(try await simulator.signedRenewalInfo(originalTransactionID: id))
        #expect(info.autoRenewStatus == .off)
        #expect(info.expirationIntent == .customerCancelled)
    }

    @Test func refundsUpgradesAndOneTimePurchases() async throws {
        let simulator = try Fixture.simulator()
        let verifier = try NotificationFixture.verifier(simulator)
        let purchase = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly")
        let upgrade = try await simulator.changeProduct(originalTransactionID: purchase.originalTransactionID, to: "plus.monthly")
        let old = try await verifier.verifyAndDecodeTransaction(
            try await simulator.signedTransaction(transactionID: purchase.transactionID))
        #expect(old.isUpgraded == true)
        #expect(old.revocationDate == nil)
        let new = try await verifier.verifyAndDecodeTransaction(
            try await simulator.signedTransaction(transactionID: upgrade.transactionID))
        #expect(new.productId == "plus.monthly")
        #expect(new.transactionReason == .purchase)
        #expect(new.price == 9_990)

        try await simulator.refund(originalTransactionID: purchase.originalTransactionID, reason: "1")
        let refunded = try await verifier.verifyAndDecodeTransaction(
            try await simulator.signedTransaction(transactionID: upgrade.transactionID))
        #expect(refunded.revocationDate == Fixture.start)
        #expect(refunded.revocationReason == .appIssue)

        let coins = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "coins")
        let consumable = try await verifier.verifyAndDecodeTransaction(try #require(coins.signedTransactionInfo))
        #expect(consumable.type == .consumable)
        #expect(consumable.expiresDate == nil)
        #expect(consumable.webOrderLineItemId == nil)
        #expect(consumable.subscriptionGroupIdentifier == nil)
    }

    @Test func productionDataCarriesTheAppAppleID() async throws {
        var configuration = Fixture.configuration
        configuration.apps[0].appAppleID = 1_234_567_890
        let simulator = try AppStoreSimulator(configuration: configuration)
        let purchase = try await simulator.purchase(
            account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly", environment: .production)
        let production = try SignedDataVerifier(
            rootCertificates: [simulator.signingAuthority.rootCertificateDER], bundleId: Fixture.bundleID,
            appAppleId: 1_234_567_890, environment: .production, clock: simulator.clock)
        let transaction = try await production.verifyAndDecodeTransaction(try #require(purchase.signedTransactionInfo))
        #expect(transaction.environment == .production)
        let sandbox = try NotificationFixture.verifier(simulator)
        await #expect(throws: VerificationError.self) {
            _ = try await sandbox.verifyAndDecodeTransaction(try #require(purchase.signedTransactionInfo))
        }
    }

    @Test func appleRootDoesNotTrustTheSimulator() async throws {
        let simulator = try Fixture.simulator()
        let purchase = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "coins")
        let apple = try SignedDataVerifier(bundleId: Fixture.bundleID, environment: .sandbox, clock: simulator.clock)
        await #expect(throws: VerificationError.self) {
            _ = try await apple.verifyAndDecodeTransaction(try #require(purchase.signedTransactionInfo))
        }
    }
}
