/// A voided purchase from `purchases.voidedpurchases.list`: a refund, chargeback or revocation.
public struct PlayVoidedPurchase: Sendable, Hashable, Codable {
    public var purchaseToken: String
    public var orderId: String?
    public var purchaseTimeMillis: String?
    public var voidedTimeMillis: String?
    /// 0 user, 1 developer, 2 Google.
    public var voidedSource: Int?
    /// 0 other, 1 remorse, 2 not received, 3 defective, 4 accidental purchase, 5 fraud, 6 friendly fraud,
    /// 7 chargeback, 8 unacknowledged purchase.
    public var voidedReason: Int?
    public var voidedQuantity: Int?

    public init(purchaseToken: String, orderId: String?, voidedTimeMillis: String?, voidedSource: Int?, voidedReason: Int?) {
        self.purchaseToken = purchaseToken
        self.orderId = orderId
        self.voidedTimeMillis = voidedTimeMillis
        self.voidedSource = voidedSource
        self.voidedReason = voidedReason
    }
}

/// One page of `purchases.voidedpurchases.list`.
public struct PlayVoidedPurchasesPage: Sendable, Hashable, Codable {
    public var voidedPurchases: [PlayVoidedPurchase]?
    public var tokenPagination: TokenPagination?

    public struct TokenPagination: Sendable, Hashable, Codable {
        public var nextPageToken: String?
    }
}
