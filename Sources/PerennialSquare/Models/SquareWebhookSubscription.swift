/// A webhook subscription of the Square application (`GET /v2/webhooks/subscriptions`): where Square posts,
/// which events, and whether it is enabled.
public struct SquareWebhookSubscription: Sendable, Hashable, Decodable {
    public var id: String
    public var notificationURL: String?
    public var eventTypes: [String]?
    public var enabled: Bool?

    enum CodingKeys: String, CodingKey {
        case id, notificationURL = "notification_url", eventTypes = "event_types", enabled
    }
}
