import Crypto
import PerennialCore

/// Checks the `Stripe-Signature` of a webhook: the HMAC-SHA256, keyed with an endpoint secret
/// (`whsec_…`, used as its UTF-8 bytes), of `"<t>.<raw body>"`. Any `v1` signature matching any of the
/// app's secrets passes, so a secret can be rolled while Stripe signs with both; the comparison is
/// constant-time (swift-crypto's `isValidAuthenticationCode`).
///
/// The timestamp must be within `tolerance` of `now` either way: Stripe's own libraries refuse only old
/// timestamps; a timestamp far in the future is refused too, so a captured request cannot be replayed later.
public enum StripeWebhookSignature {
    /// Stripe's default tolerance: five minutes.
    public static let defaultTolerance: Duration = .seconds(300)

    /// Passes when the header proves the payload came from Stripe for one of `secrets` at a time within
    /// `tolerance` of `now`; throws why not otherwise.
    public static func verify(
        header: String?, payload: [UInt8], secrets: [String], tolerance: Duration = defaultTolerance, now: Instant
    ) throws(StripeWebhookSignatureError) {
        guard let header, !header.isEmpty, !secrets.isEmpty else { throw StripeWebhookSignatureError(.missingHeader) }
        let parsed = try StripeSignatureHeader.parse(header)
        guard !parsed.v1Signatures.isEmpty else { throw StripeWebhookSignatureError(.noV1Signature) }
        let signed = signedPayload(timestamp: parsed.timestamp, payload: payload)
        let matches = secrets.contains { secret in
            let key = SymmetricKey(data: Array(secret.utf8))
            return parsed.v1Signatures.contains { HMAC<SHA256>.isValidAuthenticationCode($0, authenticating: signed, using: key) }
        }
        guard matches else { throw StripeWebhookSignatureError(.noSignatureMatches) }
        let toleranceMilliseconds = Int64(tolerance.components.seconds) * 1000 + tolerance.components.attoseconds / 1_000_000_000_000_000
        let (signedAt, overflow) = parsed.timestamp.multipliedReportingOverflow(by: 1000)
        let (distance, distanceOverflow) = now.milliseconds.subtractingReportingOverflow(signedAt)
        guard !overflow, !distanceOverflow, distance.magnitude <= toleranceMilliseconds.magnitude else {
            throw StripeWebhookSignatureError(.timestampOutsideTolerance)
        }
    }

    /// The header Stripe would send for `payload` signed with `secret` at `timestamp` (Unix seconds): for
    /// tests and the simulator.
    public static func header(payload: [UInt8], secret: String, timestamp: Int64) -> String {
        let mac = HMAC<SHA256>.authenticationCode(
            for: signedPayload(timestamp: timestamp, payload: payload), using: SymmetricKey(data: Array(secret.utf8))
        )
        let hex = mac.map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
        return "t=\(timestamp),v1=\(hex)"
    }

    /// `"<t>.<payload>"`, the bytes Stripe signs.
    static func signedPayload(timestamp: Int64, payload: [UInt8]) -> [UInt8] {
        Array("\(timestamp).".utf8) + payload
    }
}
