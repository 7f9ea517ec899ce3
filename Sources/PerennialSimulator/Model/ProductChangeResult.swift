/// The outcome of moving a subscription to another product of its group.
public struct ProductChangeResult: Sendable, Hashable, Codable {
    public var kind: ProductChangeKind
    /// Whether it took effect now (upgrade, same-duration crossgrade) or waits for the next renewal.
    public var immediate: Bool
    public var fromProductID: String
    public var toProductID: String
    /// The transaction that grants access now: the new one when immediate.
    public var transactionID: String

    public init(kind: ProductChangeKind, immediate: Bool, fromProductID: String, toProductID: String, transactionID: String) {
        self.kind = kind
        self.immediate = immediate
        self.fromProductID = fromProductID
        self.toProductID = toProductID
        self.transactionID = transactionID
    }

    enum CodingKeys: String, CodingKey {
        case kind, immediate
        case fromProductID = "from_product_id"
        case toProductID = "to_product_id"
        case transactionID = "transaction_id"
    }
}
