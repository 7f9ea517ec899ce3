import Hummingbird
import PerennialServices

/// A lifecycle event as the admin API shows it.
struct EventResponse: Encodable {
    var sequence: Int64
    var type: String
    var appUserID: String
    var store: String
    var originalTransactionID: String
    var productID: String
    var occurredAt: String
    var recordedAt: String
    var details: [String: String]

    init(_ stored: StoredEvent) {
        sequence = stored.sequence
        type = stored.event.kind.rawValue
        appUserID = stored.appUserID
        store = stored.event.subscription.store.rawValue
        originalTransactionID = stored.event.subscription.id
        productID = stored.event.productID
        occurredAt = stored.event.occurredAt.iso8601
        recordedAt = stored.recordedAt.iso8601
        details = stored.event.details
    }

    enum CodingKeys: String, CodingKey {
        case sequence, type, store, details
        case appUserID = "app_user_id", originalTransactionID = "original_transaction_id", productID = "product_id"
        case occurredAt = "occurred_at", recordedAt = "recorded_at"
    }
}
