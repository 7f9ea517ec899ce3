import Foundation
import PerennialAppStore
import PerennialCore
import Testing

@Suite("verifyReceipt models")
struct ReceiptModelTests {
    @Test("the 50-transaction fixture decodes with its counts and values")
    func decodesFixture() throws {
        let response = try JSONDecoder().decode(
            VerifyReceiptResponse.self, from: Fixtures.data("conformance/verify_receipt_50.json")
        )
        #expect(response.status == 0)
        #expect(response.environment == "Sandbox")
        #expect(response.receipt?.inApp.count == 50)
        #expect(response.latestReceiptInfo?.count == 50)
        #expect(response.pendingRenewalInfo?.count == 1)
        #expect(response.latestReceipt != nil)
        #expect(response.receipt?.receiptType == "ProductionSandbox")
        #expect(response.receipt?.bundleID == "com.example.anchor")
        #expect(response.receipt?.adamID == 0)
        #expect(response.receipt?.requestDate == Instant(milliseconds: 1_780_272_000_000))
        let first = try #require(response.receipt?.inApp.first)
        #expect(first.productID == "com.example.anchor.pro.weekly")
        #expect(first.transactionID == "2000000000000007")
        #expect(first.originalTransactionID == "2000000000000007")
        #expect(first.purchaseDate == Instant(milliseconds: 1_748_736_000_000))
        #expect(first.expiresDate == Instant(milliseconds: 1_749_340_800_000))
        #expect(first.isTrialPeriod == true)
        #expect(first.isInIntroOfferPeriod == false)
        #expect(first.quantity == 1)
        #expect(first.inAppOwnershipType == "PURCHASED")
        let latest = try #require(response.latestReceiptInfo?.first)
        #expect(latest.transactionID == "2000000000000056")
        #expect(latest.expiresDate == Instant(milliseconds: 1_778_976_000_000))
        let renewal = try #require(response.pendingRenewalInfo?.first)
        #expect(renewal.autoRenewStatus == true)
        #expect(renewal.autoRenewProductID == "com.example.anchor.pro.weekly")
        #expect(renewal.originalTransactionID == "2000000000000007")
    }

    @Test("flags read from \"true\"/\"false\", \"1\"/\"0\", 1/0 and JSON booleans", arguments: [
        ("\"true\"", true), ("\"false\"", false), ("\"1\"", true), ("\"0\"", false), ("1", true), ("0", false),
        ("true", true), ("false", false), ("\"TRUE\"", true), ("\"maybe\"", nil), ("null", nil), ("[1]", nil),
    ] as [(String, Bool?)])
    func flags(json: String, expected: Bool?) throws {
        let response = try Fixtures.decode("""
            {"status":0,"is-retryable":\(json),"latest_receipt_info":[{"is_trial_period":\(json)}],
             "pending_renewal_info":[{"auto_renew_status":\(json),"is_in_billing_retry_period":\(json)}]}
            """)
        #expect(response.isRetryable == expected)
        #expect(response.latestReceiptInfo?.first?.isTrialPeriod == expected)
        #expect(response.pendingRenewalInfo?.first?.autoRenewStatus == expected)
        #expect(response.pendingRenewalInfo?.first?.isInBillingRetryPeriod == expected)
    }

    @Test("numbers arrive as strings, integers or reals")
    func numbers() throws {
        let response = try Fixtures.decode("""
            {"status":"21007","receipt":{"adam_id":"284910350","app_item_id":284910350.0,"download_id":12.5,
             "in_app":[{"quantity":"3","purchase_date_ms":1700000000000,"expires_date_ms":"1700000100000",
             "cancellation_date_ms":1.7000002e12,"transaction_id":1000000001}]},
             "pending_renewal_info":[{"expiration_intent":"2"},{"expiration_intent":3},{"expiration_intent":"x"}]}
            """)
        #expect(response.status == 21007)
        let receipt = try #require(response.receipt)
        #expect(receipt.adamID == 284_910_350)
        #expect(receipt.appItemID == 284_910_350)
        #expect(receipt.downloadID == nil)
        let entry = try #require(receipt.inApp.first)
        #expect(entry.quantity == 3)
        #expect(entry.transactionID == "1000000001")
        #expect(entry.purchaseDate == Instant(milliseconds: 1_700_000_000_000))
        #expect(entry.expiresDate == Instant(milliseconds: 1_700_000_100_000))
        #expect(entry.cancellationDate == Instant(milliseconds: 1_700_000_200_000))
        #expect(response.pendingRenewalInfo?.map(\.expirationIntent) == [2, 3, nil])
    }

    @Test("unknown fields and unknown enum values survive decode → encode")
    func roundTrip() throws {
        let json = """
            {"status":0,"environment":"Staging","is-retryable":1,"future_top_level":{"a":[1,"b",null,true,2.5]},
             "receipt":{"receipt_type":"ProductionVPPFuture","new_receipt_key":"kept","in_app":[
               {"product_id":"p","transaction_id":"t","in_app_ownership_type":"FAMILY_SHARED_V2","new_flag":"yes"}]},
             "latest_receipt":"abc=",
             "latest_receipt_info":[{"product_id":"p","offer_type":9,"nested":{"deep":[{}]}}],
             "pending_renewal_info":[{"expiration_intent":"42","price_consent_status":"7","mystery":null}]}
            """
        let response = try Fixtures.decode(json)
        #expect(response.environment == "Staging")
        #expect(response.receipt?.receiptType == "ProductionVPPFuture")
        #expect(response.receipt?.inApp.first?.inAppOwnershipType == "FAMILY_SHARED_V2")
        #expect(response.additionalFields["future_top_level"] != nil)
        let encoded = try JSONEncoder().encode(response)
        #expect(try Fixtures.object(encoded) == Fixtures.object(Data(json.utf8)))
        let again = try JSONDecoder().decode(VerifyReceiptResponse.self, from: encoded)
        #expect(again == response)
    }

    @Test("a summer date is read from _ms, never from the _pst string")
    func summerDateUsesMilliseconds() throws {
        // 2025-07-15 12:00:00 UTC is 05:00 PDT; the _pst string is one hour off from a PDT reading and seven
        // hours off from a UTC reading, and is given here as Apple documents it (standard time all year).
        let response = try Fixtures.decode("""
            {"status":0,"latest_receipt_info":[{"product_id":"p","transaction_id":"t",
              "purchase_date":"2025-07-15 12:00:00 Etc/GMT","purchase_date_ms":"1752580800000",
              "purchase_date_pst":"2025-07-15 04:00:00 America/Los_Angeles"}]}
            """)
        let entry = try #require(response.latestReceiptInfo?.first)
        #expect(entry.purchaseDate == Instant(milliseconds: 1_752_580_800_000))
    }

    @Test("a date given only as the _pst string is not read at all")
    func pacificOnlyIsIgnored() throws {
        let response = try Fixtures.decode("""
            {"status":0,"latest_receipt_info":[{"purchase_date_pst":"2025-07-15 04:00:00 America/Los_Angeles"}]}
            """)
        #expect(response.latestReceiptInfo?.first?.purchaseDate == nil)
    }

    @Test("a date given only as the Etc/GMT string parses")
    func gmtStringOnly() throws {
        let response = try Fixtures.decode("""
            {"status":0,"receipt":{"request_date":"2025-07-15 12:00:00 Etc/GMT"},
             "latest_receipt_info":[{"expires_date":"2026-01-01 00:00:00 Etc/GMT"}]}
            """)
        #expect(response.receipt?.requestDate == Instant(milliseconds: 1_752_580_800_000))
        #expect(response.latestReceiptInfo?.first?.expiresDate == Instant(milliseconds: 1_767_225_600_000))
    }

    @Test("garbage field types never throw")
    func garbageNeverThrows() throws {
        let response = try Fixtures.decode("""
            {"status":0,"environment":["Sandbox"],"is-retryable":{"x":1},"receipt":"not an object",
             "latest_receipt":42,"latest_receipt_info":{"not":"an array"},"pending_renewal_info":[1,"two",null,{}]}
            """)
        #expect(response.environment == nil)
        #expect(response.isRetryable == nil)
        #expect(response.receipt == nil)
        #expect(response.latestReceipt == "42")
        #expect(response.latestReceiptInfo == nil)
        #expect(response.pendingRenewalInfo?.count == 1)

        let entries = try Fixtures.decode("""
            {"status":0,"receipt":{"in_app":[{"product_id":{"a":1},"purchase_date_ms":"soon","expires_date":"tomorrow",
              "quantity":[],"is_trial_period":{},"cancellation_date":"2025-13-45 00:00:00 Etc/GMT",
              "original_purchase_date":"2025-02-30 00:00:00 Etc/GMT"}, 7]}}
            """)
        let entry = try #require(entries.receipt?.inApp.first)
        #expect(entries.receipt?.inApp.count == 1)
        #expect(entry.productID == nil)
        #expect(entry.purchaseDate == nil)
        #expect(entry.expiresDate == nil)
        #expect(entry.quantity == nil)
        #expect(entry.isTrialPeriod == nil)
        #expect(entry.cancellationDate == nil)
        #expect(entry.originalPurchaseDate == nil)
    }

    @Test("a body without a numeric status is not a verifyReceipt response")
    func statusRequired() {
        #expect(throws: DecodingError.self) { try Fixtures.decode(#"{"environment":"Sandbox"}"#) }
        #expect(throws: DecodingError.self) { try Fixtures.decode(#"{"status":"ok"}"#) }
    }
}
