/// One auto-renewable subscription as the engine sees it at an instant: an entry of `perennial receipt inspect`
/// (`ReceiptInspection`) and `perennial google purchase inspect`.
public struct InspectedSubscription: Sendable, Hashable, Encodable {
    /// `original_transaction_id`: identifies the subscription.
    public var originalTransactionID: String
    /// The product of the period that decides the state.
    public var productID: String
    /// `state`: the engine's status at the inspection instant.
    public var state: SubscriptionStatus
    /// `expires_at_ms`: the end of the current or last paid period.
    public var expiresAt: Instant?
    /// `auto_renew`: whether it renews at the end of the period.
    public var autoRenew: Bool
    /// `renews_to_product_id`: the product of the next period, when the engine knows it.
    public var renewsToProductID: String?
    /// `expiration_reason`: set when the state is expired.
    public var expirationReason: ExpirationReason?
    /// `ownership`: purchased or family shared.
    public var ownership: Ownership

    /// Creates a subscription entry from its parts.
    public init(
        originalTransactionID: String, productID: String, state: SubscriptionStatus, expiresAt: Instant?,
        autoRenew: Bool, renewsToProductID: String?, expirationReason: ExpirationReason?, ownership: Ownership
    ) {
        self.originalTransactionID = originalTransactionID
        self.productID = productID
        self.state = state
        self.expiresAt = expiresAt
        self.autoRenew = autoRenew
        self.renewsToProductID = renewsToProductID
        self.expirationReason = expirationReason
        self.ownership = ownership
    }

    /// The subscription a state describes.
    public init(_ state: SubscriptionState) {
        self.init(
            originalTransactionID: state.key.id, productID: state.productID, state: state.status,
            expiresAt: state.expiresAt, autoRenew: state.willRenew, renewsToProductID: state.renewsToProductID,
            expirationReason: state.expirationReason, ownership: state.ownership
        )
    }

    enum CodingKeys: String, CodingKey {
        case originalTransactionID = "original_transaction_id"
        case productID = "product_id"
        case state
        case expiresAt = "expires_at_ms"
        case autoRenew = "auto_renew"
        case renewsToProductID = "renews_to_product_id"
        case expirationReason = "expiration_reason"
        case ownership
    }

    /// Encodes every key, in this order, with absent values as explicit nulls.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(originalTransactionID, forKey: .originalTransactionID)
        try container.encode(productID, forKey: .productID)
        try container.encode(state.rawValue, forKey: .state)
        try container.encode(expiresAt?.milliseconds, forKey: .expiresAt)
        try container.encode(autoRenew, forKey: .autoRenew)
        try container.encode(renewsToProductID, forKey: .renewsToProductID)
        try container.encode(expirationReason?.rawValue, forKey: .expirationReason)
        try container.encode(ownership.rawValue, forKey: .ownership)
    }
}
