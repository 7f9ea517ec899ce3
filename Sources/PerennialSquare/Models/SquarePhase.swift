/// A phase of a plan variation: a cadence, how many periods (none: until cancelled), and the price of each.
public struct SquarePhase: Sendable, Hashable, Codable {
    public var cadence: SquareCadence
    public var periods: Int?
    public var ordinal: Int?
    public var pricing: SquarePricing?
    /// The price in older plans, before `pricing`.
    public var recurringPriceMoney: SquareMoney?

    public init(cadence: SquareCadence, periods: Int?, ordinal: Int?, pricing: SquarePricing?, recurringPriceMoney: SquareMoney? = nil) {
        self.cadence = cadence
        self.periods = periods
        self.ordinal = ordinal
        self.pricing = pricing
        self.recurringPriceMoney = recurringPriceMoney
    }

    enum CodingKeys: String, CodingKey {
        case cadence, periods, ordinal, pricing, recurringPriceMoney = "recurring_price_money"
    }

    /// What each period costs.
    public var price: SquareMoney? { pricing?.priceMoney ?? recurringPriceMoney }

    /// Whether its periods cost nothing (a free trial).
    public var isFree: Bool { (price?.amount ?? 0) == 0 }
}

/// A phase's pricing: `STATIC` at `price_money`, or `RELATIVE` to the items of the plan.
public struct SquarePricing: Sendable, Hashable, Codable {
    public var type: String?
    public var priceMoney: SquareMoney?

    public init(type: String?, priceMoney: SquareMoney?) {
        self.type = type
        self.priceMoney = priceMoney
    }

    enum CodingKeys: String, CodingKey {
        case type, priceMoney = "price_money"
    }
}
