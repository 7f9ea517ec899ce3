import Crypto
import Foundation
import PerennialCore

/// Checks a Square webhook delivery: `x-square-hmacsha256-signature` must be the base64 HMAC-SHA256, keyed
/// with the subscription's signature key, of the notification URL exactly as configured at Square followed
/// by the raw body (never a re-serialization of it), compared in constant time; and the event must be
/// recent (Square retries for up to three days), so an old delivery replayed later is refused.
public struct SquareWebhookVerifier: Sendable {
    /// Square retries a delivery for up to 72 hours; an hour more for clocks.
    public static let defaultTolerance = Duration.seconds(3 * 86_400 + 3_600)

    public var signatureKeys: [String]
    public var notificationURL: String
    public var tolerance: Duration

    /// `signatureKeys`: the current key, and the previous one while it is being replaced.
    public init(signatureKeys: [String], notificationURL: String, tolerance: Duration = SquareWebhookVerifier.defaultTolerance) {
        self.signatureKeys = signatureKeys
        self.notificationURL = notificationURL
        self.tolerance = tolerance
    }

    /// The signature Square sends for `body`, with `key`.
    public static func signature(body: Data, notificationURL: String, key: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Data(notificationURL.utf8) + body, using: SymmetricKey(data: Data(key.utf8)))
        return Data(code).base64EncodedString()
    }

    public func verify(signatureHeader: String?, body: Data, now: Instant) throws(SquareWebhookError) {
        guard let header = signatureHeader?.trimmingCharacters(in: .whitespaces), !header.isEmpty, header.utf8.count <= 256,
              let signature = Data(base64Encoded: header), signature.count == SHA256.byteCount else {
            throw SquareWebhookError(.missingSignature, "the delivery has no readable x-square-hmacsha256-signature header")
        }
        let message = Data(notificationURL.utf8) + body
        let matches = signatureKeys.contains { key in
            HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: message, using: SymmetricKey(data: Data(key.utf8)))
        }
        guard matches else { throw SquareWebhookError(.badSignature, "the signature does not match the notification URL and the body") }
        guard let event = SquareWebhookEvent.read(body) else { throw SquareWebhookError(.unreadableEvent, "the body is not a Square event") }
        let toleranceMilliseconds = tolerance.components.seconds * 1_000
        guard let created = SquareTime.instant(event.createdAt), abs(now.milliseconds - created.milliseconds) <= toleranceMilliseconds else {
            throw SquareWebhookError(.staleEvent, "the event's created_at is not within \(tolerance) of now")
        }
    }
}
