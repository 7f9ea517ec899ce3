/// One item of a subscription: a price and, since API version 2025-03-31, the item's own billing period.
public struct StripeSubscriptionItem: Decodable, Sendable, Hashable, Identifiable {
    public var id: String
    public var price: StripePrice?
    public var quantity: Int?
    /// Unix seconds.
    public var currentPeriodStart: Int64?
    /// Unix seconds.
    public var currentPeriodEnd: Int64?

    public init(id: String, price: StripePrice?, quantity: Int? = 1, currentPeriodStart: Int64?, currentPeriodEnd: Int64?) {
        self.id = id
        self.price = price
        self.quantity = quantity
        self.currentPeriodStart = currentPeriodStart
        self.currentPeriodEnd = currentPeriodEnd
    }

    enum CodingKeys: String, CodingKey {
        case id, price, quantity, currentPeriodStart = "current_period_start", currentPeriodEnd = "current_period_end"
    }
}
