import Hummingbird
import PerennialServices

/// A lifecycle event as the admin API shows it.
struct EventResponse: Encodable {
    var sequence: Int64
    var type: String
    var appUserID: String
    var store: String
    /// The store's id for the subscription.
    var subscriptionID: String
    /// The same id for the App Store (its name there); null for other stores.
    var originalTransactionID: String?
    var productID: String
    var occurredAt: String
    var recordedAt: String
    var details: [String: String]

    init(_ stored: StoredEvent) {
        sequence = stored.sequence
        type = stored.event.kind.rawValue
        appUserID = stored.appUserID
        store = stored.event.subscription.store.rawValue
        subscriptionID = stored.event.subscription.id
        originalTransactionID = stored.event.subscription.appStoreOriginalTransactionID
        productID = stored.event.productID
        occurredAt = stored.event.occurredAt.iso8601
        recordedAt = stored.recordedAt.iso8601
        details = stored.event.details
    }

    enum CodingKeys: String, CodingKey {
        case sequence, type, store, details
        case appUserID = "app_user_id", originalTransactionID = "original_transaction_id", productID = "product_id"
        case subscriptionID = "subscription_id", occurredAt = "occurred_at", recordedAt = "recorded_at"
    }

    /// Absent values are `null`, never omitted.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sequence, forKey: .sequence)
        try container.encode(type, forKey: .type)
        try container.encode(appUserID, forKey: .appUserID)
        try container.encode(store, forKey: .store)
        try container.encode(subscriptionID, forKey: .subscriptionID)
        try container.encode(originalTransactionID, forKey: .originalTransactionID)
        try container.encode(productID, forKey: .productID)
        try container.encode(occurredAt, forKey: .occurredAt)
        try container.encode(recordedAt, forKey: .recordedAt)
        try container.encode(details, forKey: .details)
    }
}
