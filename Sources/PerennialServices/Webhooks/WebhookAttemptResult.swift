import PerennialCore

/// What one attempt at a delivery came to, before it is recorded (`WebhookDeliverySender.record`): the
/// dispatcher's worker is free again once it has one, while the outcome is written with its neighbours'.
public struct WebhookAttemptResult: Sendable {
    /// How the attempt ended.
    public enum Outcome: Sendable, Hashable {
        /// Sent: the receiver's verdict (its status, nil when no answer came), and how long it took.
        case sent(verdict: WebhookAttemptVerdict, status: Int?, latencyMilliseconds: Int64)
        /// Not sent, and never will be as things stand (the URL refused, the secrets that do not open): a
        /// dead letter with this code, which leaves the endpoint's failure clock alone.
        case notSent(code: String)
    }

    public var delivery: WebhookDeliveryRecord
    public var endpoint: WebhookEndpointRecord
    /// When the attempt began.
    public var attemptedAt: Instant
    public var outcome: Outcome
}
