/// A price, as a subscription item carries it (`items.data[].price`).
public struct StripePrice: Decodable, Sendable, Hashable, Identifiable {
    /// How often a recurring price bills.
    public struct Recurring: Decodable, Sendable, Hashable {
        /// `day`, `week`, `month` or `year`.
        public var interval: String?
        public var intervalCount: Int?

        public init(interval: String?, intervalCount: Int?) {
            self.interval = interval
            self.intervalCount = intervalCount
        }

        enum CodingKeys: String, CodingKey {
            case interval, intervalCount = "interval_count"
        }
    }

    public var id: String
    /// The Stripe product's id (`prod_…`), or the expanded product.
    public var product: StripeObjectReference?
    /// Lowercase ISO 4217 code, as Stripe writes it.
    public var currency: String?
    /// In the currency's smallest unit; nil for tiered or custom prices.
    public var unitAmount: Int64?
    public var recurring: Recurring?

    public init(id: String, product: StripeObjectReference? = nil, currency: String? = nil, unitAmount: Int64? = nil, recurring: Recurring? = nil) {
        self.id = id
        self.product = product
        self.currency = currency
        self.unitAmount = unitAmount
        self.recurring = recurring
    }

    enum CodingKeys: String, CodingKey {
        case id, product, currency, unitAmount = "unit_amount", recurring
    }
}
