/// Why a webhook's `Stripe-Signature` was refused. Compared by reason; the message never carries the
/// header's signatures, the body or a secret.
public struct StripeWebhookSignatureError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The stable reason for the refusal.
    public enum Reason: String, Sendable, Hashable {
        /// The request has no `Stripe-Signature` header (or no endpoint secret is configured to check it).
        case missingHeader = "missing_header"
        /// The header has no single readable `t=<unix seconds>` element.
        case malformedHeader = "malformed_header"
        /// The header carries no `v1` signature (a `v0` test signature alone is never accepted).
        case noV1Signature = "no_v1_signature"
        /// No `v1` signature is the HMAC of the body with any of the app's endpoint secrets.
        case noSignatureMatches = "no_signature_matches"
        /// The signature matches, but its timestamp is further from now than the tolerance, either way.
        case timestampOutsideTolerance = "timestamp_outside_tolerance"
    }

    public var reason: Reason

    public init(_ reason: Reason) {
        self.reason = reason
    }

    public var description: String { "Stripe-Signature refused: \(reason.rawValue)" }
}
