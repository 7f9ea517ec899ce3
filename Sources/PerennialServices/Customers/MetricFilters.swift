import PerennialCore

/// Which subscriptions a metric counts: one environment (production by default), and optionally one store,
/// one product and one storefront country.
public struct MetricFilters: Sendable, Hashable {
    public var environment: StoreEnvironment
    public var store: Store?
    public var productID: String?
    public var country: String?

    public init(environment: StoreEnvironment = .production, store: Store? = nil, productID: String? = nil, country: String? = nil) {
        self.environment = environment
        self.store = store
        self.productID = productID
        self.country = country
    }

    /// The rollup query for a measure prefix over days.
    func query(appID: String, measurePrefix: String, fromDay: Int?, throughDay: Int, summedBeforeDay: Int? = nil) -> MetricQuery {
        MetricQuery(
            appID: appID, environment: environment, measurePrefix: measurePrefix, fromDay: fromDay, throughDay: throughDay,
            summedBeforeDay: summedBeforeDay, store: store, productID: productID, country: country)
    }
}
