import Foundation
import PerennialCore

/// A webhook event the simulator sent: its body is written once, so every delivery of it (retries,
/// duplicates) carries the same bytes.
public struct PayPalSimulatedEvent: Sendable {
    public var id: String
    public var type: String
    public var body: Data
    public var created: Instant

    init(id: String, type: String, resourceType: String, resource: [String: Any], created: Instant, base: String) {
        self.id = id
        self.type = type
        self.created = created
        let envelope: [String: Any] = [
            "id": id, "event_version": "1.0", "create_time": created.payPalText, "resource_type": resourceType,
            "resource_version": resourceType == "subscription" ? "2.0" : "1.0", "event_type": type,
            "summary": "\(type.lowercased().replacingOccurrences(of: ".", with: " ")) (simulated)", "resource": resource,
            "links": [["href": "\(base)/v1/notifications/webhooks-events/\(id)", "rel": "self", "method": "GET"]],
        ]
        body = (try? JSONSerialization.data(withJSONObject: envelope, options: [.withoutEscapingSlashes])) ?? Data("{}".utf8)
    }
}
