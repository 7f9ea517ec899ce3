import Foundation

/// A webhook event (`{"id": "evt_…", "object": "event", "type": …, "data": {"object": …}}`), read only for
/// its identity and for which object it names: the object's state is always read again from the API.
/// Types Perennial does not know are kept as sent.
public struct StripeEvent: Decodable, Sendable, Hashable {
    public struct Payload: Decodable, Sendable, Hashable {
        public var object: StripeEventObject
    }

    public var id: String
    /// Always `event`.
    public var object: String
    /// `customer.subscription.updated`, `invoice.paid`, …, kept as sent.
    public var type: String
    /// Unix seconds.
    public var created: Int64?
    public var livemode: Bool?
    /// The API version the event's object was rendered with.
    public var apiVersion: String?
    public var data: Payload

    public init(id: String, type: String, object: StripeEventObject, created: Int64? = nil, livemode: Bool? = nil) {
        self.id = id
        self.object = "event"
        self.type = type
        self.created = created
        self.livemode = livemode
        data = Payload(object: object)
    }

    enum CodingKeys: String, CodingKey {
        case id, object, type, created, livemode, data, apiVersion = "api_version"
    }

    /// The event in `body`, or nil when it is not a JSON Stripe event object (an `id`, `"object": "event"`,
    /// a `type` and a `data.object`).
    public static func decode(_ body: Data) -> StripeEvent? {
        guard let event = try? JSONDecoder().decode(StripeEvent.self, from: body), event.object == "event",
              !event.id.isEmpty, !event.type.isEmpty
        else { return nil }
        return event
    }

    /// What to read again from the API to learn what the event is about.
    public var target: StripeEventTarget { StripeEventTarget(type: type, object: data.object) }
}
