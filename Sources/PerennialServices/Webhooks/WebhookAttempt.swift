import PerennialCore

/// The outcome of one attempt to deliver a webhook, as recorded on the delivery.
public struct WebhookAttempt: Sendable, Hashable {
    /// The delivery's state after the attempt.
    public var state: WebhookDeliveryState
    public var attemptedAt: Instant
    public var status: Int?
    public var error: String?
    public var latencyMilliseconds: Int64?
    /// When it is tried again (pending only).
    public var nextAttemptAt: Instant?

    public init(
        state: WebhookDeliveryState, attemptedAt: Instant, status: Int? = nil, error: String? = nil,
        latencyMilliseconds: Int64? = nil, nextAttemptAt: Instant? = nil
    ) {
        self.state = state
        self.attemptedAt = attemptedAt
        self.status = status
        self.error = error
        self.latencyMilliseconds = latencyMilliseconds
        self.nextAttemptAt = nextAttemptAt
    }
}
