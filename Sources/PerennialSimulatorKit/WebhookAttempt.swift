import Foundation

/// One attempt to deliver an event, as a simulator's `webhook-attempts` lists it.
public struct WebhookAttempt: Sendable, Hashable {
    public var eventID: String
    public var eventType: String
    public var url: String
    /// The status the endpoint answered; nil when it could not be reached.
    public var status: Int?

    public var json: [String: Any] {
        ["event_id": eventID, "event_type": eventType, "url": url, "status": status.map { $0 as Any } ?? NSNull()]
    }
}
