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
        let histories = try await ledger.subscriptionHistories(appID: app.id, withRenewalInfos: true) { key, transactions in
            (store == nil || key.store == store) && transactions.contains { $0.environment == environment }
        }
        return SubscriptionMetrics(catalog: app.catalog, schedules: app.revenue.schedules).series(name, of: histories, buckets: buckets)
    }
}
