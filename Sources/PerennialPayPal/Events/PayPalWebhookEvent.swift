import Foundation
import PerennialCore

/// A PayPal webhook event: `{id: "WH-…", event_type, resource_type, create_time, resource}`. Perennial reads
/// only what names its subject, then asks PayPal's API what is true now.
public struct PayPalWebhookEvent: Sendable, Hashable, Codable {
    public var id: String
    public var eventType: String
    public var resourceType: String?
    public var createTime: String?
    public var resource: PayPalEventResource

    public init(id: String, eventType: String, resourceType: String?, createTime: String?, resource: PayPalEventResource) {
        self.id = id
        self.eventType = eventType
        self.resourceType = resourceType
        self.createTime = createTime
        self.resource = resource
    }

    enum CodingKeys: String, CodingKey {
        case id, eventType = "event_type", resourceType = "resource_type", createTime = "create_time", resource
    }

    /// Reads an event body; nil when it is not one (no id, type or resource object).
    public static func read(_ body: Data) -> PayPalWebhookEvent? {
        guard let event = try? JSONDecoder().decode(PayPalWebhookEvent.self, from: body), !event.id.isEmpty, !event.eventType.isEmpty,
              event.id.utf8.count <= 128, event.eventType.utf8.count <= 128 else { return nil }
        return event
    }

    /// What the event is about: a `BILLING.SUBSCRIPTION.*` event's subscription; a `PAYMENT.SALE.*` event's
    /// subscription when it names one (`billing_agreement_id`), else its sale (`sale_id` of a refund, the sale
    /// itself otherwise); anything else is ignored (plans, products, one-off payments).
    public var target: PayPalEventTarget {
        if eventType.hasPrefix("BILLING.SUBSCRIPTION."), let id = resource.id, !id.isEmpty {
            return .subscription(id: id)
        }
        if eventType.hasPrefix("PAYMENT.SALE.") {
            if let agreement = resource.billingAgreementID, !agreement.isEmpty { return .subscription(id: agreement) }
            if let sale = resource.saleID ?? resource.id, !sale.isEmpty { return .sale(id: sale) }
        }
        return .ignored
    }

    /// The sale a `PAYMENT.SALE.REFUNDED` or `REVERSED` event gives back, and when.
    public var refund: (saleID: String, at: Instant)? {
        guard eventType == "PAYMENT.SALE.REFUNDED" || eventType == "PAYMENT.SALE.REVERSED",
              let sale = eventType == "PAYMENT.SALE.REFUNDED" ? resource.saleID : resource.id,
              let at = PayPalTime.instant(createTime) else { return nil }
        return (sale, at)
    }
}
