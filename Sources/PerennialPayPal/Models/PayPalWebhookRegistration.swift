/// A webhook registered with PayPal (`GET /v1/notifications/webhooks/{id}`): where PayPal posts, and which
/// event types (`*`: all).
public struct PayPalWebhookRegistration: Sendable, Hashable, Decodable {
    public struct EventType: Sendable, Hashable, Decodable {
        public var name: String
    }

    public var id: String
    public var url: String
    public var eventTypes: [EventType]

    enum CodingKeys: String, CodingKey {
        case id, url, eventTypes = "event_types"
    }

    /// Whether PayPal sends it events of `type` (`BILLING.SUBSCRIPTION.CANCELLED`).
    public func sends(_ type: String) -> Bool {
        eventTypes.contains { $0.name == "*" || $0.name == type }
    }
}
