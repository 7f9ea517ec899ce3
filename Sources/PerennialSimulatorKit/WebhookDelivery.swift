import Foundation
import PerennialCore

/// An event on its way to one endpoint. The body is written once, so every attempt (retries, duplicates)
/// carries the same bytes; `endpointID` names the endpoint's registration (what its signature covers).
public struct WebhookDelivery: Sendable {
    public var eventID: String
    public var eventType: String
    public var body: Data
    public var endpointID: String
    public var url: String
    public var attempt = 0
    public var due: Instant

    public init(eventID: String, eventType: String, body: Data, endpointID: String, url: String, due: Instant) {
        self.eventID = eventID
        self.eventType = eventType
        self.body = body
        self.endpointID = endpointID
        self.url = url
        self.due = due
    }

    /// When to try again after `attempt` failed: 1, 2, 4 … minutes, at most three hours apart.
    public func retry(after now: Instant) -> Instant {
        let minutes = min(Int64(1) << Int64(min(max(attempt - 1, 0), 20)), 180)
        return Instant(milliseconds: now.milliseconds + minutes * 60_000)
    }
}
