/// One order as the Orders API (`orders.get`, `orders.batchGet`) returns it: what the buyer was charged for
/// one period of a subscription (or a one-time product), tax included, and what happened to it since.
/// Only the fields Perennial reads are decoded; unknown enum values stay as their strings.
public struct PlayOrder: Sendable, Hashable, Codable {
    public var orderId: String?
    public var purchaseToken: String?
    /// `PENDING`, `PROCESSED`, `CANCELED`, `PENDING_REFUND`, `PARTIALLY_REFUNDED`, `REFUNDED`.
    public var state: String?
    /// RFC 3339.
    public var createTime: String?
    public var buyerAddress: BuyerAddress?
    /// What the buyer paid, tax included.
    public var total: PlayMoney?
    public var tax: PlayMoney?
    public var lineItems: [LineItem]?

    public init(orderId: String?, state: String? = nil, total: PlayMoney? = nil, tax: PlayMoney? = nil, lineItems: [LineItem]? = nil) {
        self.orderId = orderId
        self.state = state
        self.total = total
        self.tax = tax
        self.lineItems = lineItems
    }

    public struct BuyerAddress: Sendable, Hashable, Codable {
        /// ISO 3166-1 alpha-2.
        public var buyerCountry: String?
    }

    public struct LineItem: Sendable, Hashable, Codable {
        public var productId: String?
        /// The store's listed price, which may or may not include tax.
        public var listingPrice: PlayMoney?
        /// What the buyer paid for this item, tax included, after discounts.
        public var total: PlayMoney?
        public var tax: PlayMoney?
        public var subscriptionDetails: SubscriptionDetails?

        public init(productId: String?, total: PlayMoney?, tax: PlayMoney? = nil, subscriptionDetails: SubscriptionDetails? = nil) {
            self.productId = productId
            self.total = total
            self.tax = tax
            self.subscriptionDetails = subscriptionDetails
        }
    }

    public struct SubscriptionDetails: Sendable, Hashable, Codable {
        public var basePlanId: String?
        public var offerId: String?
        /// The pricing phase this order paid for: `BASE`, `INTRODUCTORY`, `FREE_TRIAL` (deprecated by Google
        /// in favour of `offerPhaseDetails`, still sent).
        public var offerPhase: String?
        public var servicePeriodStartTime: String?
        public var servicePeriodEndTime: String?

        public init(basePlanId: String? = nil, offerId: String? = nil, offerPhase: String? = nil) {
            self.basePlanId = basePlanId
            self.offerId = offerId
            self.offerPhase = offerPhase
        }
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
