import Foundation

/// Metric series computed straight from subscriptions' facts, without rollups: each subscription's
/// contributions (`SubscriptionContributions`) summed in memory and read by `MetricSeries`. The rollups keep
/// the same sums up to date in the database; this is the recomputation they must equal (and what a small app's
/// tests and tools can use directly).
public struct SubscriptionMetrics: Sendable {
    /// One subscription's facts, and who owns it (for lifetime value per customer; nil: the subscription
    /// counts as its own customer).
    public struct History: Sendable {
        public var transactions: [TransactionFact]
        public var renewalInfos: [RenewalInfoFact]
        public var owner: String?

        public init(transactions: [TransactionFact], renewalInfos: [RenewalInfoFact], owner: String? = nil) {
            self.transactions = transactions
            self.renewalInfos = renewalInfos
            self.owner = owner
        }
    }

    /// One bucket's values: counts by name, or amounts in minor units by currency.
    public struct Point: Sendable, Hashable {
        public var start: CivilDate
        public var end: CivilDate
        public var values: [String: Int64]

        public init(start: CivilDate, end: CivilDate, values: [String: Int64]) {
            self.start = start
            self.end = end
            self.values = values
        }
    }

    public var catalog: Catalog
    /// The stores' commissions, for proceeds.
    public var schedules: [Store: CommissionSchedule]

    public init(catalog: Catalog, schedules: [Store: CommissionSchedule] = [:]) {
        self.catalog = catalog
        self.schedules = schedules
    }

    /// The series of `name` (`MetricSeries.names`) over the buckets (in order, not overlapping), from the
    /// histories as known at `now`
    /// (by default the last bucket's last instant); nil for an unknown name.
    public func series(
        _ name: String, of histories: [History], buckets: [(start: CivilDate, end: CivilDate)], now: Instant? = nil
    ) -> [Point]? {
        guard MetricSeries.names.contains(name) else { return nil }
        let through = now ?? buckets.last.map(Self.lastInstant(of:)) ?? Instant(milliseconds: 0)
        let contributor = SubscriptionContributions(catalog: catalog, schedules: schedules)
        let owned = histories.compactMap { history in
            history.transactions.first.map { first in
                (owner: history.owner ?? "\(first.subscriptionKey)", subscription: first.subscriptionKey,
                 contributions: contributor.contributions(
                    transactions: history.transactions, renewalInfos: history.renewalInfos, through: through))
            }
        }
        let contributions = owned.flatMap(\.contributions) + CustomerLifetimeValue.contributions(of: owned)
        return MetricSeries.points(name, totals: MetricTotal.of(contributions), buckets: buckets)
    }

    /// `active_subscriptions` or `mrr` evaluated another way: at each bucket's last instant, every
    /// subscription folded by the engine from the facts of what had happened by then. Slow (a fold per
    /// subscription and bucket), and independent of the day-by-day walk the contributions take: the tests
    /// check one against the other.
    public func stockAtBucketEnds(_ name: String, of histories: [History], buckets: [(start: CivilDate, end: CivilDate)]) -> [Point] {
        let engine = SubscriptionEngine(catalog: catalog)
        return buckets.map { bucket in
            let instant = Self.lastInstant(of: bucket)
            var values: [String: Int64] = name == "active_subscriptions"
                ? ["trial": 0, "paid": 0, "grace_period": 0, "billing_retry": 0, "total": 0] : [:]
            var millionths: [String: Int64] = [:]
            for history in histories {
                let transactions = history.transactions.filter { $0.purchasedAt <= instant }
                let renewals = history.renewalInfos.filter { $0.observedAt <= instant }
                guard let state = engine.state(transactions: transactions, renewalInfos: renewals, at: instant),
                      state.productType == .autoRenewable
                else { continue }
                if name == "active_subscriptions" {
                    guard let column = SubscriptionTimeline.column(of: state.status) else { continue }
                    values[column, default: 0] += 1
                    if column != "billing_retry" { values["total", default: 0] += 1 }
                } else if MonthlyRecurringRevenue.counts(state),
                          let (price, days) = MonthlyRecurringRevenue.currentPrice(of: state, in: history.transactions, catalog: catalog) {
                    millionths[price.currency, default: 0] += MonthlyRecurringRevenue.millionths(of: price, periodDays: days)
                }
            }
            for (currency, amount) in millionths where amount != 0 {
                values[currency] = MonthlyRecurringRevenue.minorUnits(fromMillionths: amount)
            }
            return Point(start: bucket.start, end: bucket.end, values: values)
        }
    }

    /// The last instant of a bucket.
    static func lastInstant(of bucket: (start: CivilDate, end: CivilDate)) -> Instant {
        SubscriptionContributions.lastInstant(ofDay: bucket.end.daysSince1970)
    }
}
