/// A webhook registered with `POST /v1/notifications/webhooks`: where events go, and which (`*`: all).
struct PayPalSimulatedWebhook: Sendable {
    var id: String
    var url: String
    var eventTypes: [String]

    func wants(_ type: String) -> Bool {
        eventTypes.contains("*") || eventTypes.contains(type)
    }

    func json(base: String) -> [String: Any] {
        [
            "id": id, "url": url, "event_types": eventTypes.map { ["name": $0] },
            "links": [["href": "\(base)/v1/notifications/webhooks/\(id)", "rel": "self", "method": "GET"]],
        ]
    }
}
