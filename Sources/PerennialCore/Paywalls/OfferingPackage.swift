/// One thing an offering sells (`monthly`, `annual`, `lifetime`, or an id of the app's own), named on every
/// store it is sold on, so one paywall sells on every platform.
public struct OfferingPackage: Sendable, Hashable, Codable {
    /// The package's id, unique in its offering.
    public var id: String
    /// How long one payment lasts, as an ISO 8601 period (`P1W`, `P1M`, `P3M`, `P1Y`), or `lifetime` for a
    /// purchase made once; the standard ids (`weekly`, `monthly`, `two_month`, `three_month`, `six_month`,
    /// `annual`, `lifetime`) imply theirs.
    public var period: String?
    /// The product on each store, by store name: `app_store` the product id, `play_store` `product:base_plan`,
    /// `stripe` the price id (and the other stores' own product or plan ids).
    public var products: [String: String]
    /// The price in a storefront, by ISO 3166-1 alpha-2 country (`US`, `FR`): what the store charges there.
    /// Without one for the customer's country, the catalog's list price of the product.
    public var prices: [String: Money]?
    /// The free trial a new customer gets, as an ISO 8601 period (`P7D`), for `{{trial.duration}}` and the
    /// introductory offer.
    public var trial: String?

    public init(id: String, period: String? = nil, products: [String: String], prices: [String: Money]? = nil, trial: String? = nil) {
        self.id = id
        self.period = period
        self.products = products
        self.prices = prices
        self.trial = trial
    }

    enum CodingKeys: String, CodingKey {
        case id, period, products, prices, trial
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        period = try container.decodeIfPresent(String.self, forKey: .period)
        products = try container.decode([String: String].self, forKey: .products)
        trial = try container.decodeIfPresent(String.self, forKey: .trial)
        guard let texts = try container.decodeIfPresent([String: String].self, forKey: .prices) else { return }
        var prices: [String: Money] = [:]
        for (country, text) in texts {
            do {
                prices[country] = try Money(listPrice: text)
            } catch {
                throw DecodingError.dataCorruptedError(forKey: .prices, in: container, debugDescription: "\(country): \(error.problem)")
            }
        }
        self.prices = prices
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(period, forKey: .period)
        try container.encode(products, forKey: .products)
        try container.encodeIfPresent(prices?.mapValues(\.listPriceText), forKey: .prices)
        try container.encodeIfPresent(trial, forKey: .trial)
    }

    /// The standard package ids (`monthly`, `annual`, …).
    public static var standardIDs: Set<String> { Set(standardPeriods.keys) }

    /// The period the standard package ids imply.
    static let standardPeriods: [String: String] = [
        "weekly": "P1W", "monthly": "P1M", "two_month": "P2M", "three_month": "P3M", "six_month": "P6M", "annual": "P1Y",
        "lifetime": "lifetime",
    ]

    /// The package's period: its own, else the one its id implies; nil when neither says.
    public var effectivePeriod: BillingPeriod? {
        (period ?? Self.standardPeriods[id]).flatMap(BillingPeriod.init)
    }

    /// The product id on `store`, and for Google Play the product without its base plan.
    public func productID(on store: Store) -> String? {
        guard let reference = products[store.rawValue] else { return nil }
        guard store == .playStore, let colon = reference.firstIndex(of: ":") else { return reference }
        return String(reference[..<colon])
    }
}
