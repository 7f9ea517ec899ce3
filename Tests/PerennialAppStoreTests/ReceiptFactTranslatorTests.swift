import Foundation
import PerennialAppStore
import PerennialCore
import Testing

@Suite("ReceiptFactTranslator")
struct ReceiptFactTranslatorTests {
    typealias B = ReceiptBuilder
    static let now: Int64 = 1_780_000_000_000
    static let day = Fixtures.day
    let translator = ReceiptFactTranslator()

    @Test("an entry becomes a transaction fact with every field")
    func transactionFields() throws {
        let response = try Fixtures.decode("""
            {"status":0,"environment":"Production","receipt":{"in_app":[{"quantity":"2","product_id":"p.monthly",
              "transaction_id":"20","original_transaction_id":"10","purchase_date_ms":"1700000000000",
              "original_purchase_date_ms":"1690000000000","expires_date_ms":"1702592000000",
              "cancellation_date_ms":"1701000000000","cancellation_reason":"1","is_trial_period":"false",
              "is_in_intro_offer_period":"true","is_upgraded":"true","in_app_ownership_type":"FAMILY_SHARED",
              "web_order_line_item_id":"w20","subscription_group_identifier":"g1","offer_code_ref_name":"SPRING",
              "promotional_offer_id":"promo1"}]}}
            """)
        let translation = translator.translate(response, fallbackObservedAt: Instant(milliseconds: 0))
        #expect(translation.skippedEntries == 0)
        #expect(translation.batch.transactions == [
            TransactionFact(
                store: .appStore, environment: .production, transactionID: "20", subscriptionID: "10",
                productID: "p.monthly", purchasedAt: Instant(milliseconds: 1_700_000_000_000),
                originalPurchasedAt: Instant(milliseconds: 1_690_000_000_000),
                expiresAt: Instant(milliseconds: 1_702_592_000_000), cancelledAt: Instant(milliseconds: 1_701_000_000_000),
                cancellationReason: "1", isTrialPeriod: false, isInIntroOfferPeriod: true, isUpgraded: true,
                ownership: .familyShared, quantity: 2, webOrderLineItemID: "w20", subscriptionGroupID: "g1",
                offerCodeRefName: "SPRING", promotionalOfferID: "promo1", observedAt: Instant(milliseconds: 0)
            ),
        ])
        #expect(translation.batch.renewalInfos.isEmpty)
    }

    @Test("minimal entries default their flags, ownership and original transaction id")
    func defaults() throws {
        let response = try Fixtures.decode("""
            {"status":0,"latest_receipt_info":[{"product_id":"p","transaction_id":"7",
              "purchase_date":"2025-01-01 00:00:00 Etc/GMT"}]}
            """)
        let fact = try #require(translator.translate(response, fallbackObservedAt: Instant(milliseconds: 0)).batch.transactions.first)
        #expect(fact == TransactionFact(
            store: .appStore, environment: .production, transactionID: "7", subscriptionID: "7", productID: "p",
            purchasedAt: Instant(milliseconds: 1_735_689_600_000), observedAt: Instant(milliseconds: 0)
        ))
    }

    @Test("the environment comes from `environment`, else from `receipt_type`", arguments: [
        (#""environment":"Sandbox""#, StoreEnvironment.sandbox), (#""environment":"Production""#, .production),
        (#""environment":"Xcode""#, .xcode), (#""environment":"Sandbox","receipt":{"receipt_type":"Production"}"#, .sandbox),
        (#""receipt":{"receipt_type":"ProductionSandbox"}"#, .sandbox), (#""receipt":{"receipt_type":"Sandbox"}"#, .sandbox),
        (#""receipt":{"receipt_type":"ProductionVPPSandbox"}"#, .sandbox), (#""receipt":{"receipt_type":"Xcode"}"#, .xcode),
        (#""receipt":{"receipt_type":"Production"}"#, .production), (#""receipt":{"receipt_type":"ProductionVPP"}"#, .production),
        (#""environment":"Staging""#, .production), (#""receipt":{}"#, .production),
    ] as [(String, StoreEnvironment)])
    func environment(fields: String, expected: StoreEnvironment) throws {
        let response = try Fixtures.decode("""
            {"status":0,\(fields),"latest_receipt_info":[{"product_id":"p","transaction_id":"1","purchase_date_ms":1}],
             "pending_renewal_info":[{"original_transaction_id":"1","product_id":"p"}]}
            """)
        #expect(response.storeEnvironment == expected)
        let batch = translator.translate(response, fallbackObservedAt: Instant(milliseconds: 0)).batch
        #expect(batch.transactions.map(\.environment) == [expected])
        #expect(batch.renewalInfos.map(\.environment) == [expected])
    }

    @Test("entries without product, transaction id or purchase date are skipped and counted")
    func skipped() throws {
        let response = try Fixtures.decode("""
            {"status":0,"receipt":{"in_app":[
              {"transaction_id":"1","purchase_date_ms":"1"},
              {"product_id":"p","purchase_date_ms":"1"},
              {"product_id":"p","transaction_id":"3"},
              {"product_id":"","transaction_id":"4","purchase_date_ms":"1"},
              {"product_id":"p","transaction_id":"5","purchase_date_pst":"2025-01-01 00:00:00 America/Los_Angeles"},
              {"product_id":"p","transaction_id":"6","purchase_date_ms":"6"}]},
             "latest_receipt_info":[{"product_id":"p","transaction_id":"7"}],
             "pending_renewal_info":[{"product_id":"p"},{"original_transaction_id":"6"},{"original_transaction_id":"6","auto_renew_product_id":"q"}]}
            """)
        let translation = translator.translate(response, fallbackObservedAt: Instant(milliseconds: 99))
        #expect(translation.skippedEntries == 6)
        #expect(translation.skippedRenewalInfos == 2)
        #expect(translation.batch.transactions.map(\.transactionID) == ["6"])
        #expect(translation.batch.renewalInfos.map(\.productID) == ["q"])
        #expect(translation.warnings.count == 2)
    }

    @Test("copies of a transaction in in_app and latest_receipt_info are merged")
    func merged() {
        let plain = B.entry("1", purchased: Self.now - 3 * Self.day, expires: Self.now + 4 * Self.day)
        let refunded = B.entry(
            "1", purchased: Self.now - 3 * Self.day, expires: Self.now + 4 * Self.day, cancelled: Self.now - Self.day,
            cancellationReason: "0"
        )
        let renewal = B.entry("2", original: "1", purchased: Self.now + 4 * Self.day, expires: Self.now + 11 * Self.day)
        let response = B.response(requestDate: Self.now, inApp: [plain], latest: [renewal, refunded])
        let batch = translator.translate(response, fallbackObservedAt: Instant(milliseconds: 0)).batch
        #expect(batch.transactions.map(\.transactionID) == ["1", "2"])
        #expect(batch.transactions.first?.cancelledAt == Instant(milliseconds: Self.now - Self.day))
        #expect(batch.transactions.first?.cancellationReason == "0")
    }

    @Test("pending renewal info becomes a renewal-info fact with every field")
    func renewalFields() throws {
        let response = try Fixtures.decode("""
            {"status":0,"environment":"Sandbox","receipt":{"request_date_ms":"1780000000000"},"pending_renewal_info":[
              {"original_transaction_id":"10","product_id":"p.monthly","auto_renew_product_id":"p.yearly",
               "auto_renew_status":"0","expiration_intent":"3","is_in_billing_retry_period":"1",
               "grace_period_expires_date_ms":"1780100000000","price_consent_status":"0",
               "offer_code_ref_name":"WINBACK","promotional_offer_id":"promo2"}]}
            """)
        let translation = translator.translate(response, fallbackObservedAt: Instant(milliseconds: 0))
        #expect(translation.batch.renewalInfos == [
            RenewalInfoFact(
                store: .appStore, environment: .sandbox, subscriptionID: "10", productID: "p.monthly",
                willAutoRenew: false, autoRenewProductID: "p.yearly", expirationReason: .priceIncrease,
                isInBillingRetryPeriod: true, gracePeriodExpiresAt: Instant(milliseconds: 1_780_100_000_000),
                priceIncreaseConsent: .pending, offerCodeRefName: "WINBACK", promotionalOfferID: "promo2",
                observedAt: Instant(milliseconds: 1_780_000_000_000)
            ),
        ])
    }

    @Test("expiration_intent maps to a reason", arguments: [
        ("1", ExpirationReason.voluntary), ("2", .billingError), ("3", .priceIncrease), ("4", .productUnavailable),
        ("5", .unknown), ("17", .unknown), ("0", .unknown),
    ] as [(String, ExpirationReason)])
    func expirationIntent(code: String, expected: ExpirationReason) throws {
        let response = try Fixtures.decode("""
            {"status":0,"pending_renewal_info":[{"original_transaction_id":"1","product_id":"p","expiration_intent":"\(code)"}]}
            """)
        let batch = translator.translate(response, fallbackObservedAt: Instant(milliseconds: 0)).batch
        #expect(batch.renewalInfos.first?.expirationReason == expected)
    }

    @Test("renewal info is observed at request_date, else receipt_creation_date, else the fallback", arguments: [
        (#"{"request_date_ms":"300","receipt_creation_date_ms":"200"}"#, Int64(300)),
        (#"{"receipt_creation_date":"1970-01-01 00:00:01 Etc/GMT"}"#, 1000),
        (#"{}"#, 100), (#"null"#, 100),
    ])
    func observedAt(receipt: String, expected: Int64) throws {
        let response = try Fixtures.decode("""
            {"status":0,"receipt":\(receipt),"pending_renewal_info":[{"original_transaction_id":"1","product_id":"p"}]}
            """)
        let batch = translator.translate(response, fallbackObservedAt: Instant(milliseconds: 100)).batch
        #expect(batch.renewalInfos.first?.observedAt == Instant(milliseconds: expected))
    }

    @Test("the 50-transaction fixture gives 50 transactions of one subscription and its renewal info")
    func fixture() throws {
        let response = try JSONDecoder().decode(
            VerifyReceiptResponse.self, from: Fixtures.data("conformance/verify_receipt_50.json")
        )
        let translation = translator.translate(response, fallbackObservedAt: Instant(milliseconds: 0))
        #expect(translation.skippedEntries == 0)
        #expect(translation.batch.transactions.count == 50)
        #expect(Set(translation.batch.transactions.map(\.subscriptionID)) == ["2000000000000007"])
        #expect(translation.batch.transactions.allSatisfy { $0.environment == .sandbox })
        #expect(translation.batch.transactions.first?.isTrialPeriod == true)
        #expect(translation.batch.renewalInfos.count == 1)
        #expect(translation.batch.renewalInfos.first?.observedAt == Instant(milliseconds: 1_780_272_000_000))
        #expect(translation.batch.renewalInfos.first?.willAutoRenew == true)
    }
}
