import PerennialCore

/// A webhook delivery as stored, with the outcome of its latest attempt.
public struct WebhookDeliveryRecord: Sendable, Hashable {
    public var id: Int64
    public var delivery: NewWebhookDelivery
    public var state: WebhookDeliveryState
    public var attempts: Int
    /// The HTTP status of the latest answer; nil before any, or when none came (timeout, refused connection).
    public var lastStatus: Int?
    /// The stable code of the latest failure.
    public var lastError: String?
    /// How long the latest attempt took, in milliseconds.
    public var lastLatencyMilliseconds: Int64?
    public var lastAttemptAt: Instant?
    public var nextAttemptAt: Instant?
    public var deliveredAt: Instant?

    public init(
        id: Int64, delivery: NewWebhookDelivery, state: WebhookDeliveryState, attempts: Int, lastStatus: Int? = nil,
        lastError: String? = nil, lastLatencyMilliseconds: Int64? = nil, lastAttemptAt: Instant? = nil,
        nextAttemptAt: Instant? = nil, deliveredAt: Instant? = nil
    ) {
        self.id = id
        self.delivery = delivery
        self.state = state
        self.attempts = attempts
        self.lastStatus = lastStatus
        self.lastError = lastError
        self.lastLatencyMilliseconds = lastLatencyMilliseconds
        self.lastAttemptAt = lastAttemptAt
        self.nextAttemptAt = nextAttemptAt
        self.deliveredAt = deliveredAt
    }
}
