import Foundation

/// The subscription metrics a series can show, computed from facts (never from counters): each bucket is
/// measured at its last instant, by folding with the engine every subscription's facts of what had happened
/// by then (so a late fact corrects the past days it touches, and nothing from after the instant leaks in).
/// - `active_subscriptions`: subscriptions with access by state — `trial`, `paid` (active or
///   introductory), `grace_period` — and `billing_retry` (no access, still retried), and their `total`.
/// - `mrr`: `MonthlyRecurringRevenue`, per currency.
/// - `new_subscriptions` (`SubscriptionStarts`): `trials` started, `paid` subscriptions started without a
///   trial, and `conversions` (a trial's first paid period) in the bucket.
/// - `churn` (`SubscriptionStarts.churn`): paid subscriptions (past any trial) that had access or were in
///   billing retry at the bucket's start and are expired or revoked at its end, split `voluntary`, `involuntary` (billing),
///   `refunded` and `other`.
/// - `revenue`: the bucket's revenue lines (`RevenueCalculator`), per currency: `price.<currency>` and
///   `proceeds.<currency>` net of refunds, `refunded.<currency>` and `refunds` (how many).
public struct SubscriptionMetrics: Sendable {
    /// One subscription's facts.
    public struct History: Sendable {
        public var transactions: [TransactionFact]
        public var renewalInfos: [RenewalInfoFact]

        public init(transactions: [TransactionFact], renewalInfos: [RenewalInfoFact]) {
            self.transactions = transactions
            self.renewalInfos = renewalInfos
        }
    }

    /// One bucket's values: counts by name, or amounts in minor units by currency.
    public struct Point: Sendable, Hashable {
        public var start: CivilDate
        public var end: CivilDate
        public var values: [String: Int64]
    }

    public var catalog: Catalog
    /// The stores' commissions, for `revenue`'s proceeds.
    public var schedules: [Store: CommissionSchedule]

    public init(catalog: Catalog, schedules: [Store: CommissionSchedule] = [:]) {
        self.catalog = catalog
        self.schedules = schedules
    }

    /// The series of `name` (`active_subscriptions`, `mrr`) over the buckets; nil for an unknown name.
    public func series(_ name: String, of histories: [History], buckets: [(start: CivilDate, end: CivilDate)]) -> [Point]? {
        guard Self.names.contains(name) else { return nil }
        switch name {
        case "new_subscriptions": return buckets.map { SubscriptionStarts.starts(of: histories, in: $0) }
        case "churn": return buckets.map { SubscriptionStarts.churn(of: histories, in: $0, catalog: catalog) }
        case "revenue": return revenue(of: histories, buckets: buckets)
        default: break
        }
        let engine = SubscriptionEngine(catalog: catalog)
        return buckets.map { bucket in
            let instant = Self.lastInstant(of: bucket)
            var values: [String: Int64] = name == "active_subscriptions"
                ? ["trial": 0, "paid": 0, "grace_period": 0, "billing_retry": 0, "total": 0] : [:]
            var mrr: [String: Decimal] = [:]
            for history in histories {
                // What had happened by then: transactions bought, and renewal infos observed, by the instant (a
                // refund made later is not yet one; one made before is, however late it was learnt).
                let transactions = history.transactions.filter { $0.purchasedAt <= instant }
                let renewals = history.renewalInfos.filter { $0.observedAt <= instant }
                guard let state = engine.state(transactions: transactions, renewalInfos: renewals, at: instant),
                      state.productType == .autoRenewable
                else { continue }
                if name == "active_subscriptions" {
                    guard let column = Self.column(of: state.status) else { continue }
                    values[column, default: 0] += 1
                    if column != "billing_retry" { values["total", default: 0] += 1 }
                } else if MonthlyRecurringRevenue.counts(state), let (price, days) = currentPrice(of: state, in: history) {
                    mrr[price.currency, default: 0] += MonthlyRecurringRevenue.monthlyValue(of: price, periodDays: days)
                }
            }
            for (currency, amount) in mrr {
                var exact = amount
                var rounded = Decimal()
                NSDecimalRound(&rounded, &exact, 0, .bankers)
                values[currency] = NSDecimalNumber(decimal: rounded).int64Value
            }
            return Point(start: bucket.start, end: bucket.end, values: values)
        }
    }

    /// Every metric name `series` knows.
    public static let names: Set<String> = ["active_subscriptions", "mrr", "new_subscriptions", "churn", "revenue"]

    /// The last instant of a bucket.
    static func lastInstant(of bucket: (start: CivilDate, end: CivilDate)) -> Instant {
        Instant(milliseconds: Int64(bucket.end.daysSince1970 + 1) * 86_400_000 - 1)
    }

    /// `revenue`: each bucket's sales and refunds, per currency.
    private func revenue(of histories: [History], buckets: [(start: CivilDate, end: CivilDate)]) -> [Point] {
        let calculator = RevenueCalculator(catalog: catalog, schedules: schedules)
        let entries = histories.flatMap { calculator.entries(for: $0.transactions) }
        return buckets.map { bucket in
            var values: [String: Int64] = ["refunds": 0]
            for entry in entries {
                let day = CivilDate(utcDayOf: entry.occurredAt)
                guard bucket.start <= day, day <= bucket.end else { continue }
                values["price.\(entry.price.currency)", default: 0] += entry.price.minorUnits
                values["proceeds.\(entry.proceeds.currency)", default: 0] += entry.proceeds.minorUnits
                if entry.kind == .refund {
                    values["refunded.\(entry.price.currency)", default: 0] -= entry.price.minorUnits
                    values["refunds", default: 0] += 1
                }
            }
            return Point(start: bucket.start, end: bucket.end, values: values)
        }
    }

    private static func column(of status: SubscriptionStatus) -> String? {
        switch status {
        case .trial: "trial"
        case .active, .introductory: "paid"
        case .gracePeriod: "grace_period"
        case .billingRetry: "billing_retry"
        case .paused, .expired, .revoked: nil
        }
    }

    /// The price and length in days of the period the state is in: its deciding transaction's.
    private func currentPrice(of state: SubscriptionState, in history: History) -> (Money, Double)? {
        guard let transaction = history.transactions.first(where: { $0.transactionID == state.latestTransactionID }),
              let price = transaction.price ?? catalog.product(transaction.productID, store: transaction.store)?.price,
              let end = transaction.expiresAt, end > transaction.purchasedAt
        else { return nil }
        return (price, Double(end.milliseconds - transaction.purchasedAt.milliseconds) / 86_400_000)
    }
}
