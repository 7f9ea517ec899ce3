/// An event: what happened, with a snapshot of the object as it was then.
public struct StripeSimulatedEvent: Sendable, Hashable {
    public var id: String
    public var type: String
    public var created: Int64
    public var object: StripeSimulatedJSON
    public var previousAttributes: StripeSimulatedJSON?
    public var requestID: String?
    public var idempotencyKey: String?
    /// Deliveries still owed to the webhook endpoint (0 or 1).
    public var pendingWebhooks: Int
}
