import PerennialCore

/// What the rollups are asked: one measure prefix's daily totals in an app's environment, through a day
/// (from a day too, for a flow metric), kept to a store, a product and a country when given.
public struct MetricQuery: Sendable, Hashable {
    public var appID: String
    public var environment: StoreEnvironment
    /// Measures whose names start with this.
    public var measurePrefix: String
    /// The first day (days since 1970) to include; nil: from the beginning (what a stock metric needs).
    public var fromDay: Int?
    /// The last day to include.
    public var throughDay: Int
    /// For a stock (`fromDay` nil): the first day whose total the caller reads on its own. The totals of the
    /// days before it may come back summed, per measure, on an earlier day — the balance the stock opens with
    /// — so a store need not return every day since the first.
    public var summedBeforeDay: Int?
    public var store: Store?
    public var productID: String?
    public var country: String?

    public init(
        appID: String, environment: StoreEnvironment, measurePrefix: String, fromDay: Int?, throughDay: Int,
        summedBeforeDay: Int? = nil, store: Store? = nil, productID: String? = nil, country: String? = nil
    ) {
        self.appID = appID
        self.environment = environment
        self.measurePrefix = measurePrefix
        self.fromDay = fromDay
        self.throughDay = throughDay
        self.summedBeforeDay = summedBeforeDay
        self.store = store
        self.productID = productID
        self.country = country
    }

    /// Whether a stored contribution falls in the query (its measure, days, product and country; the
    /// environment and store are the subscription's, filtered when it is read).
    public func includes(_ contribution: MetricContribution) -> Bool {
        contribution.measure.hasPrefix(measurePrefix) && contribution.day <= throughDay
            && fromDay.map { contribution.day >= $0 } ?? true
            && productID.map { contribution.productID == $0 } ?? true
            && country.map { contribution.country == $0 } ?? true
    }
}
