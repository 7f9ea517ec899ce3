import Crypto
import Foundation

/// The Standard Webhooks signature of an outgoing webhook: HMAC-SHA256, keyed with an endpoint's secret, of
/// `<webhook-id>.<webhook-timestamp>.<body>`, base64, as `v1,<signature>` in the `webhook-signature` header;
/// several secrets (a rotation's old and new) give several signatures, separated by spaces, any of which a
/// receiver accepts. Any Standard Webhooks library verifies it.
public enum WebhookSignature {
    /// The receivers' customary tolerance for the timestamp, either way: five minutes.
    public static let defaultTolerance: Int64 = 300

    /// The three headers of a delivery: `webhook-id` (the same on every retry), `webhook-timestamp` (Unix
    /// seconds, of this attempt) and `webhook-signature`.
    public static func headers(
        id: String, timestamp: Int64, body: [UInt8], secrets: [WebhookSigningSecret]
    ) -> [(name: String, value: String)] {
        [
            ("webhook-id", id), ("webhook-timestamp", String(timestamp)),
            ("webhook-signature", header(id: id, timestamp: timestamp, body: body, secrets: secrets)),
        ]
    }

    /// `v1,<base64>` per secret, separated by spaces.
    public static func header(id: String, timestamp: Int64, body: [UInt8], secrets: [WebhookSigningSecret]) -> String {
        let signed = signedContent(id: id, timestamp: timestamp, body: body)
        return secrets.map { secret in
            "v1," + Data(HMAC<SHA256>.authenticationCode(for: signed, using: SymmetricKey(data: secret.key))).base64EncodedString()
        }.joined(separator: " ")
    }

    /// Whether `signatureHeader` holds a `v1` signature of the delivery by one of `secrets` (compared in
    /// constant time), with a timestamp within `tolerance` seconds of `now` (Unix seconds) either way. What a
    /// receiver checks; Perennial's tests and its webhook receiver use it.
    public static func isValid(
        id: String, timestamp: String, body: [UInt8], signatureHeader: String, secrets: [WebhookSigningSecret], now: Int64,
        tolerance: Int64 = defaultTolerance
    ) -> Bool {
        guard let seconds = Int64(timestamp) else { return false }
        let (distance, overflow) = seconds.subtractingReportingOverflow(now)
        guard !overflow, distance.magnitude <= tolerance.magnitude else { return false }
        let signed = signedContent(id: id, timestamp: seconds, body: body)
        let offered = signatureHeader.split(separator: " ").compactMap { entry -> Data? in
            guard entry.hasPrefix("v1,") else { return nil }
            return Data(base64Encoded: String(entry.dropFirst(3)))
        }
        return secrets.contains { secret in
            offered.contains { HMAC<SHA256>.isValidAuthenticationCode($0, authenticating: signed, using: SymmetricKey(data: secret.key)) }
        }
    }

    /// `<id>.<timestamp>.<body>`, the bytes signed.
    static func signedContent(id: String, timestamp: Int64, body: [UInt8]) -> [UInt8] {
        Array("\(id).\(timestamp).".utf8) + body
    }
}
