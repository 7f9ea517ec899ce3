import Foundation
import PerennialCore
import PerennialServices
import Testing

/// `WebhookMessage.encoded()` writes by hand what its `Encodable` conformance gives through `JSONEncoder`
/// with sorted keys and unescaped slashes: the same bytes, whatever the strings hold.
@Suite("Webhook message: JSON written by hand")
struct WebhookMessageJSONTests {
    static func throughEncoder(_ message: WebhookMessage) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(message), as: UTF8.self)
    }

    static func message(_ json: String) throws -> WebhookMessage {
        try JSONDecoder().decode(WebhookMessage.self, from: Data(json.utf8))
    }

    static let full = """
        {"version": 1, "type": "renewal", "id": "evt_42", "occurred_at": "2026-11-27T08:00:00.000Z",
         "recorded_at": "2026-11-27T08:00:01.250Z", "app_id": "app/1", "app_user_id": "user \\"quoted\\" \\\\ back\\u0001\\b\\f\\n\\r\\t\\u001f\\u007f",
         "aliases": ["$anon:é", "ａ", "emoji 🎉", "slash/ok", "\\u2028"], "store": "app_store", "environment": "production",
         "product_id": "com.example.pro",
         "details": {"reason": "x", "Reason": "y", "a10": "1", "a2": "2", "_under": "u", "é": "e", "": "empty"},
         "subscription": {"id": "1000000001", "store": "app_store", "product_id": "com.example.pro", "status": "active",
            "period_type": "normal", "expires_at": "2026-12-27T08:00:00.000Z", "will_renew": true,
            "grace_period_expires_at": null, "billing_issue_detected_at": "2026-11-20T00:00:00.000Z", "revoked_at": null,
            "expiration_reason": null},
         "price": {"amount_minor": -1299, "currency": "EUR"},
         "entitlements": {"pro": {"product_id": "com.example.pro", "store": "app_store", "expires_at": null, "will_renew": false},
            "Pro": {"product_id": "p", "store": "stripe", "expires_at": "2027-01-01T00:00:00.000Z", "will_renew": true},
            "ünlimited": {"product_id": "u", "store": "play_store", "expires_at": null, "will_renew": true}}}
        """

    static let sparse = """
        {"version": 1, "type": "alias_merged", "id": "evt_1", "occurred_at": "2026-11-27T08:00:00.000Z",
         "recorded_at": "2026-11-27T08:00:00.000Z", "app_id": "app", "app_user_id": "u", "aliases": [], "store": "identity",
         "environment": null, "product_id": "", "details": {}, "subscription": null, "price": null, "entitlements": {}}
        """

    @Test(arguments: [full, sparse])
    func theHandWrittenJSONIsTheEncodersByteForByte(_ json: String) throws {
        let message = try Self.message(json)
        #expect(try message.encoded() == Self.throughEncoder(message))
    }

    @Test func theTestMessageIsTheEncoders() throws {
        let message = WebhookMessage.test(id: "msg_test", appID: "app", at: Instant(milliseconds: 1_764_230_400_000))
        #expect(try message.encoded() == Self.throughEncoder(message))
    }

    @Test func everyByteOfAStringIsEscapedAsTheEncoderEscapesIt() throws {
        var message = try Self.message(Self.sparse)
        let scalars = (0..<0x80).compactMap(Unicode.Scalar.init) + ["\u{80}", "\u{2028}", "\u{FEFF}", "\u{10FFFF}"]
        message.appUserID = String(String.UnicodeScalarView(scalars))
        message.details = Dictionary(uniqueKeysWithValues: scalars.map { (String($0), String($0)) })
        #expect(try message.encoded() == Self.throughEncoder(message))
    }
}
