import PerennialCore

/// The metrics (`GET /v1/admin/metrics/…`, `perennial metrics`), read from the rollups the writes keep
/// (`MetricRollups`): a series is one grouped query over a few rows per day, whatever the number of
/// customers. `SubscriptionMetrics` computes the same figures from the facts; the tests hold the two equal.
public struct MetricsService: Sendable {
    /// The most buckets one request may ask for.
    public static let maximumBuckets = 400
    /// The most subscriptions an explanation lists.
    public static let maximumExplainedSubscriptions = 10_000

    let ledger: any Ledger

    public init(ledger: any Ledger) {
        self.ledger = ledger
    }

    /// The series of `name` cut by `interval` from `from` through `through`; nil for an unknown metric.
    public func series(
        app: AppSettings, name: String, from: CivilDate, through: CivilDate, interval: MetricInterval,
        filters: MetricFilters = MetricFilters()
    ) async throws -> [SubscriptionMetrics.Point]? {
        guard let prefix = MetricSeries.measurePrefix(of: name) else { return nil }
        let buckets = try Self.buckets(from: from, through: through, interval: interval, clipped: true)
        let stock = MetricSeries.isStock(name)
        let query = filters.query(
            appID: app.id, measurePrefix: prefix, fromDay: stock ? nil : from.daysSince1970,
            throughDay: buckets[buckets.count - 1].end.daysSince1970, summedBeforeDay: stock ? from.daysSince1970 : nil)
        return MetricSeries.points(name, totals: try await totals(query), buckets: buckets)
    }

    /// The retention table of the cohorts that began from the month of `from` through the month of
    /// `through` (`RetentionTable`).
    public func retention(app: AppSettings, from: CivilDate, through: CivilDate, filters: MetricFilters = MetricFilters()) async throws -> RetentionTable {
        let months = try Self.buckets(from: from, through: through, interval: .month)
        let query = filters.query(
            appID: app.id, measurePrefix: MetricMeasure.retentionPrefix, fromDay: months[0].start.daysSince1970,
            throughDay: months[months.count - 1].end.daysSince1970)
        return RetentionTable(totals: try await totals(query), cohorts: months.map(\.start))
    }

    /// The subscriptions behind a metric's figure over the range — for a stock metric its value at the end of
    /// `through`, for a flow metric its sum from `from` through `through` — each with its owner and what it
    /// adds to each of the metric's values; those adding nothing are left out. Read from the stored
    /// contributions, so the rows add up to the figure exactly.
    public func explain(
        app: AppSettings, name: String, from: CivilDate, through: CivilDate, filters: MetricFilters = MetricFilters()
    ) async throws -> MetricExplanation? {
        guard let prefix = MetricSeries.measurePrefix(of: name) else { return nil }
        guard from <= through else { throw PerennialError(.invalidDateRange, "the range must run forwards") }
        let query = filters.query(
            appID: app.id, measurePrefix: prefix, fromDay: MetricSeries.isStock(name) ? nil : from.daysSince1970,
            throughDay: through.daysSince1970)
        var explanation = try await subscriptionRows(app: app, name: name, query: query, from: from, through: through, filters: filters)
        if name == "ltv" { try await addCustomerRows(to: &explanation, query: query, filters: filters) }
        return explanation
    }

    /// The subscriptions whose stored contributions make the figure.
    private func subscriptionRows(
        app: AppSettings, name: String, query: MetricQuery, from: CivilDate, through: CivilDate, filters: MetricFilters
    ) async throws -> MetricExplanation {
        var explanation = MetricExplanation(rows: [], truncated: false)
        var after: SubscriptionKey?
        while true {
            let cursor = after
            let page = try await ledger.read { session in
                try await session.metricContributionPage(
                    appID: app.id, environment: filters.environment, store: filters.store, after: cursor, limit: 500)
            }
            for stored in page {
                let kept = stored.contributions.filter(query.includes)
                guard !kept.isEmpty else { continue }
                let bucket = [(start: from, end: through)]
                guard let values = MetricSeries.points(name, totals: MetricTotal.of(kept), buckets: bucket)?.first?.values
                        .filter({ $0.value != 0 }), !values.isEmpty
                else { continue }
                guard explanation.rows.count < Self.maximumExplainedSubscriptions else {
                    explanation.truncated = true
                    return explanation
                }
                explanation.rows.append(MetricExplanation.Row(
                    subscription: stored.subscription, ownerAppUserID: stored.ownerAppUserID, values: values))
            }
            guard page.count == 500, let last = page.last else { return explanation }
            after = last.subscription
        }
    }

    /// Lifetime value per customer's rows: each customer of the figure under their first subscription, with
    /// `customers` 1 and `customer_proceeds.<currency>` — added to that subscription's row when it has one.
    private func addCustomerRows(to explanation: inout MetricExplanation, query: MetricQuery, filters: MetricFilters) async throws {
        var index = Dictionary(explanation.rows.enumerated().map { ($1.subscription, $0) }, uniquingKeysWith: { first, _ in first })
        var after: String?
        while true {
            let cursor = after
            let page = try await ledger.read { session in
                try await session.customerMetricContributionPage(
                    appID: query.appID, environment: filters.environment, store: filters.store, after: cursor, limit: 500)
            }
            for customer in page {
                var values: [String: Int64] = [:]
                for contribution in customer.contributions where query.includes(contribution) {
                    values[String(contribution.measure.dropFirst(MetricMeasure.cohortPrefix.count)), default: 0] += contribution.value
                }
                guard !values.isEmpty else { continue }
                if let row = index[customer.subscription] {
                    explanation.rows[row].values.merge(values) { $0 + $1 }
                } else if explanation.rows.count < Self.maximumExplainedSubscriptions {
                    index[customer.subscription] = explanation.rows.count
                    explanation.rows.append(MetricExplanation.Row(
                        subscription: customer.subscription, ownerAppUserID: customer.ownerAppUserID, values: values))
                } else {
                    explanation.truncated = true
                    return
                }
            }
            guard page.count == 500, let last = page.last?.ownerAppUserID else { return }
            after = last
        }
    }

    /// The rollups' totals for the query; 503 `metrics_rebuilding` while a replay rebuilds them.
    func totals(_ query: MetricQuery) async throws -> [MetricTotal] {
        try await ledger.read { session in
            guard try await !session.isRebuildingMetricRollups(appID: query.appID) else {
                throw PerennialError(.metricsRebuilding, "the metrics are being rebuilt from the facts; retry in a while")
            }
            return try await session.metricTotals(query)
        }
    }

    /// `interval`'s buckets over the range, `clipped` to it or whole (retention's cohorts are whole months).
    static func buckets(
        from: CivilDate, through: CivilDate, interval: MetricInterval, clipped: Bool = false
    ) throws -> [(start: CivilDate, end: CivilDate)] {
        let buckets = clipped ? interval.clippedBuckets(from: from, through: through) : interval.buckets(from: from, through: through)
        guard !buckets.isEmpty, buckets.count <= maximumBuckets else {
            throw PerennialError(.invalidDateRange, "the range must run forwards and hold at most \(maximumBuckets) \(interval.rawValue)s")
        }
        return buckets
    }
}
