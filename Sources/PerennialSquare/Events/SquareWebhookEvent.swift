import Foundation
import PerennialCore

/// A Square webhook event: `{merchant_id, type, event_id, created_at, data: {type, id, object: {…}}}`.
/// Perennial reads only what names its subject, then asks Square's API what is true now.
public struct SquareWebhookEvent: Sendable, Hashable, Decodable {
    public var eventID: String
    public var type: String
    public var merchantID: String?
    public var createdAt: String?
    public var data: SquareEventData?

    public init(eventID: String, type: String, merchantID: String?, createdAt: String?, data: SquareEventData?) {
        self.eventID = eventID
        self.type = type
        self.merchantID = merchantID
        self.createdAt = createdAt
        self.data = data
    }

    enum CodingKeys: String, CodingKey {
        case eventID = "event_id", type, merchantID = "merchant_id", createdAt = "created_at", data
    }

    /// Reads an event body; nil when it is not one (no event id or type).
    public static func read(_ body: Data) -> SquareWebhookEvent? {
        guard let event = try? JSONDecoder().decode(SquareWebhookEvent.self, from: body), !event.eventID.isEmpty, !event.type.isEmpty,
              event.eventID.utf8.count <= 128, event.type.utf8.count <= 128 else { return nil }
        return event
    }

    /// The subscription the event is about: a `subscription.*` event's own; an `invoice.*` event's invoice's
    /// `subscription_id` (none for an invoice of no subscription); nil for anything else.
    public var subscriptionID: String? {
        let id: String?
        if type.hasPrefix("subscription.") {
            id = data?.object?.subscription?.id ?? data?.id
        } else if type.hasPrefix("invoice.") {
            id = data?.object?.invoice?.subscriptionID
        } else {
            id = nil
        }
        return id.flatMap { $0.isEmpty || $0.utf8.count > 192 ? nil : $0 }
    }

    /// The invoice an `invoice.refunded` event gives back, and when.
    public var refund: (invoiceID: String, at: Instant)? {
        guard type == "invoice.refunded", let invoice = data?.object?.invoice?.id, let at = SquareTime.instant(createdAt) else { return nil }
        return (invoice, at)
    }
}

/// An event's `data`: the object's type and id, and the object itself (only the ids Perennial reads).
public struct SquareEventData: Sendable, Hashable, Decodable {
    public var type: String?
    public var id: String?
    public var object: Object?

    public struct Object: Sendable, Hashable, Decodable {
        public var subscription: Named?
        public var invoice: InvoiceNames?
    }

    public struct Named: Sendable, Hashable, Decodable {
        public var id: String?
    }

    public struct InvoiceNames: Sendable, Hashable, Decodable {
        public var id: String?
        public var subscriptionID: String?

        enum CodingKeys: String, CodingKey {
            case id, subscriptionID = "subscription_id"
        }
    }
}
