import PerennialCore

/// A delivery owed to an endpoint: one event's message, as signed and sent on every attempt.
public struct NewWebhookDelivery: Sendable, Hashable {
    public var appID: String
    public var endpointID: String
    /// The event's sequence (`StoredEvent.sequence`).
    public var eventSequence: Int64
    /// The message id, `webhook-id` on every attempt and replay (`StoredEvent.publicID`).
    public var messageID: String
    public var kind: String
    public var appUserID: String
    /// The JSON body sent.
    public var body: String
    public var occurredAt: Instant
    public var createdAt: Instant
    /// The delivery this one sends again (a replay), nil for the first.
    public var replayOf: Int64?
    /// Its place among the customer's deliveries to the endpoint (the event's customer sequence).
    public var orderingPosition: Int64

    public init(
        appID: String, endpointID: String, eventSequence: Int64, messageID: String, kind: String, appUserID: String,
        body: String, occurredAt: Instant, createdAt: Instant, replayOf: Int64? = nil, orderingPosition: Int64
    ) {
        self.orderingPosition = orderingPosition
        self.appID = appID
        self.endpointID = endpointID
        self.eventSequence = eventSequence
        self.messageID = messageID
        self.kind = kind
        self.appUserID = appUserID
        self.body = body
        self.occurredAt = occurredAt
        self.createdAt = createdAt
        self.replayOf = replayOf
    }
}
