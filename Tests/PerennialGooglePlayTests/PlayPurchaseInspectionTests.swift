import Foundation
import PerennialCore
import PerennialGooglePlay
import Testing

@Suite("perennial google purchase inspect")
struct PlayPurchaseInspectionTests {
    @Test func printsTheReceiptInspectionShapeWithTheLinkedToken() throws {
        let body = PlayPurchaseBody(extra: ["linkedPurchaseToken": "older-token"]).data
        let at = PlayTimestamp.instant("2026-11-10T10:00:00Z")!
        let line = try PlayPurchaseInspection.inspect(body, token: "the-token", at: at)
        #expect(line == #"{"subscriptions": [{"original_transaction_id": "the-token", "product_id": "premium_monthly", "state": "active", "expires_at_ms": 1796119200000, "auto_renew": true, "renews_to_product_id": "premium_monthly", "expiration_reason": null, "ownership": "purchased", "linked_purchase_token": "older-token"}]}"#)
    }

    @Test(arguments: [
        "", "[]", "{}", #"{"lineItems": []}"#, #"{"kind": "androidpublisher#productPurchase", "lineItems": [{"productId": "a"}]}"#,
        #"{"lineItems": [{"expiryTime": "2026-11-10T10:00:00Z"}]}"#, #"{"lineItems": [{"productId": "a", "expiryTime": "tomorrow"}]}"#,
        #"{"lineItems": [{"productId": 7}]}"#,
    ])
    func refusesWhatIsNotASubscriptionPurchase(_ text: String) throws {
        #expect(throws: PlayPurchaseDecodingError.self) {
            try PlayPurchaseInspection.inspect(Data(text.utf8), token: "t", at: Instant(milliseconds: 0))
        }
    }

    @Test func theErrorLineIsAJSONEnvelope() throws {
        let line = PlayPurchaseInspection.errorLine(PlayPurchaseDecodingError("lineItems is empty"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: [String: String]])
        #expect(object["error"]?["code"] == "not_a_subscription_purchase")
    }
}
