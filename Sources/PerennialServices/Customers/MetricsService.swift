import PerennialCore

/// A metric's series over a date range (`GET /v1/admin/metrics/{name}`), computed from the facts whenever
/// asked (`SubscriptionMetrics`: never from hand-kept counters), for one environment (production by default)
/// and optionally one store.
///
/// Like the payout forecast, it reads every subscription the app holds transactions of, so its cost grows
/// with the app's history; the rollups of issue 21 item 3 are what will make it fast on millions.
public struct MetricsService: Sendable {
    /// The most buckets one request may ask for.
    public static let maximumBuckets = 400
    static let pageSize = 500

    let ledger: any Ledger

    public init(ledger: any Ledger) {
        self.ledger = ledger
    }

    /// The series of `name` cut by `interval` from `from` through `through`; nil for an unknown metric.
    public func series(
        app: AppSettings, name: String, from: CivilDate, through: CivilDate, interval: MetricInterval,
        environment: StoreEnvironment = .production, store: Store? = nil
    ) async throws -> [SubscriptionMetrics.Point]? {
        guard SubscriptionMetrics.names.contains(name) else { return nil }
        let buckets = interval.buckets(from: from, through: through)
        guard !buckets.isEmpty, buckets.count <= Self.maximumBuckets else {
            throw PerennialError(.invalidDateRange, "the range must run forwards and hold at most \(Self.maximumBuckets) \(interval.rawValue)s")
        }
        var histories: [SubscriptionMetrics.History] = []
        var after: SubscriptionKey?
        while true {
            let cursor = after
            let page = try await ledger.read { session in
                let keys = try await session.subscriptionKeys(appID: app.id, after: cursor, limit: Self.pageSize)
                var found: [SubscriptionMetrics.History] = []
                for key in keys where store == nil || key.store == store {
                    let transactions = try await session.transactions(appID: app.id, subscription: key)
                    guard transactions.contains(where: { $0.environment == environment }) else { continue }
                    found.append(SubscriptionMetrics.History(
                        transactions: transactions, renewalInfos: try await session.renewalInfos(appID: app.id, subscription: key)))
                }
                return (keys, found)
            }
            histories += page.1
            guard page.0.count == Self.pageSize, let last = page.0.last else { break }
            after = last
        }
        return SubscriptionMetrics(catalog: app.catalog, schedules: app.revenue.schedules).series(name, of: histories, buckets: buckets)
    }
}
