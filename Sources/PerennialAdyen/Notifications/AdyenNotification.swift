import Foundation

/// A standard webhook delivery: `{"live": "true"|"false", "notificationItems": [{"NotificationRequestItem":
/// {…}}]}`. JSON deliveries carry one item; every item is read and checked.
public struct AdyenNotification: Sendable, Hashable, Decodable {
    public var live: String?
    public var items: [AdyenNotificationItem]

    public init(live: String?, items: [AdyenNotificationItem]) {
        self.live = live
        self.items = items
    }

    enum CodingKeys: String, CodingKey {
        case live, items = "notificationItems"
    }

    struct Wrapper: Decodable {
        var NotificationRequestItem: AdyenNotificationItem
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        live = try container.decodeIfPresent(String.self, forKey: .live)
        items = try container.decode([Wrapper].self, forKey: .items).map(\.NotificationRequestItem)
    }

    /// Reads a delivery; nil when it is not one (no items, too many, or an item without its references).
    public static func read(_ body: Data) -> AdyenNotification? {
        guard let notification = try? JSONDecoder().decode(AdyenNotification.self, from: body), (1...6).contains(notification.items.count),
              notification.items.allSatisfy({ !$0.pspReference.isEmpty && $0.pspReference.utf8.count <= 64 && !$0.eventCode.isEmpty }) else {
            return nil
        }
        return notification
    }

    /// Whether the delivery is from the live platform (else the test one).
    public var isLive: Bool { live == "true" }
}

extension AdyenNotification: Encodable {
    struct EncodedWrapper: Encodable {
        var NotificationRequestItem: AdyenNotificationItem
    }

    /// The delivery as Adyen writes it (absent fields left out).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(live, forKey: .live)
        try container.encode(items.map(EncodedWrapper.init), forKey: .items)
    }
}
