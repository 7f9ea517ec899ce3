import PerennialCore

/// One entry of the simulator's log: a lifecycle change of one account's purchase, as it happened on the
/// simulated clock. Every change goes through one place (`SimulatorState.apply`), which writes these; the
/// App Store server notifications are derived from them.
public struct SimulatorEvent: Sendable, Hashable, Codable {
    /// Position in the log, from 1.
    public var sequence: Int
    public var kind: SimulatorEventKind
    /// The simulated instant of the change (a renewal's purchase date, an expiry's period end).
    public var occurredAt: Instant
    public var environment: StoreEnvironment
    public var account: String
    public var bundleID: String
    public var productID: String
    public var originalTransactionID: String
    /// The transaction the change created or touched, when there is one.
    public var transactionID: String?
    /// Kind-specific details: `expiration_intent`, `from_product_id`, `to_product_id`, `effective`,
    /// `offer`, `status`, `reason`, `member`, `purchaser_original_transaction_id` …
    public var details: [String: String]

    public init(
        sequence: Int, kind: SimulatorEventKind, occurredAt: Instant, environment: StoreEnvironment,
        account: String, bundleID: String, productID: String, originalTransactionID: String,
        transactionID: String? = nil, details: [String: String] = [:]
    ) {
        self.sequence = sequence
        self.kind = kind
        self.occurredAt = occurredAt
        self.environment = environment
        self.account = account
        self.bundleID = bundleID
        self.productID = productID
        self.originalTransactionID = originalTransactionID
        self.transactionID = transactionID
        self.details = details
    }

    enum CodingKeys: String, CodingKey {
        case sequence, kind, environment, account, details
        case occurredAt = "occurred_at_ms"
        case bundleID = "bundle_id"
        case productID = "product_id"
        case originalTransactionID = "original_transaction_id"
        case transactionID = "transaction_id"
    }
}
