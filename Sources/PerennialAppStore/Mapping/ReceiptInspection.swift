import PerennialCore

/// What `perennial receipt inspect` prints for a verifyReceipt response: its status, its environment, and
/// the state of each auto-renewable subscription at an instant. Encodes as
/// `{"status", "environment", "subscriptions": [{"original_transaction_id", "product_id", "state",
/// "expires_at_ms", "auto_renew", "renews_to_product_id", "expiration_reason", "ownership"}]}` with nulls
/// written out.
public struct ReceiptInspection: Sendable, Hashable, Encodable {
    /// The response's `status`.
    public var status: Int
    /// The response's `environment`, as sent.
    public var environment: String?
    /// Auto-renewable subscriptions, sorted by original transaction id; empty unless `status` is 0.
    public var subscriptions: [InspectedSubscription]

    /// Creates an inspection from its parts; see `inspect(_:at:)`.
    public init(status: Int, environment: String?, subscriptions: [InspectedSubscription]) {
        self.status = status
        self.environment = environment
        self.subscriptions = subscriptions
    }

    /// Inspects `response` at `instant`: translates it into facts and folds them with a catalog-less
    /// `SubscriptionEngine` (a product whose transactions expire is taken for auto-renewable).
    public static func inspect(_ response: VerifyReceiptResponse, at instant: Instant) -> ReceiptInspection {
        guard response.status == 0 else {
            return ReceiptInspection(status: response.status, environment: response.environment, subscriptions: [])
        }
        let batch = ReceiptFactTranslator().translate(response, fallbackObservedAt: instant).batch
        let subscriptions = SubscriptionEngine().states(of: batch, at: instant)
            .filter { $0.productType == .autoRenewable }
            .map(InspectedSubscription.init)
            .sorted { $0.originalTransactionID < $1.originalTransactionID }
        return ReceiptInspection(status: response.status, environment: response.environment, subscriptions: subscriptions)
    }

    enum CodingKeys: String, CodingKey {
        case status, environment, subscriptions
    }

    /// Encodes every key, in this order, with a missing environment as an explicit null.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status, forKey: .status)
        try container.encode(environment, forKey: .environment)
        try container.encode(subscriptions, forKey: .subscriptions)
    }
}
