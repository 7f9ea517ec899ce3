/// One order as the Orders API (`orders.get`) returns it: what the buyer was charged for one period of a
/// subscription, tax included. Only the fields Perennial reads are decoded; unknown enum values stay as their
/// strings.
public struct PlayOrder: Sendable, Hashable, Codable {
    /// The order's id (`GPA.…`; a renewal's ends in `..N`).
    public var orderId: String?
    /// `PENDING`, `PROCESSED`, `CANCELED`, `PENDING_REFUND`, `PARTIALLY_REFUNDED`, `REFUNDED`.
    public var state: String?
    /// The purchase token of the purchase the order belongs to.
    public var purchaseToken: String?
    public var buyerAddress: BuyerAddress?
    public var lineItems: [LineItem]?

    public struct BuyerAddress: Sendable, Hashable, Codable {
        /// ISO 3166-1 alpha-2.
        public var buyerCountry: String?
    }

    public struct LineItem: Sendable, Hashable, Codable {
        public var productId: String?
        /// What the buyer paid for this item, tax included, after discounts.
        public var total: PlayMoney?
        public var tax: PlayMoney?
    }

    /// Whether the buyer was charged: an order still pending or cancelled before it was processed paid nothing.
    public var wasCharged: Bool {
        switch state {
        case "PENDING", "CANCELED": false
        default: true
        }
    }

    /// The line item for `productID`; the only one when the order has one item and names no product.
    public func lineItem(for productID: String) -> LineItem? {
        if let item = lineItems?.first(where: { $0.productId == productID }) { return item }
        if let items = lineItems, items.count == 1, items[0].productId == nil { return items[0] }
        return nil
    }
}
