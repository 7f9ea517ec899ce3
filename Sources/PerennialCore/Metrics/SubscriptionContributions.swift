import Foundation

/// Every contribution one subscription makes to the metrics (`MetricContribution`), from its facts: the one
/// definition the rollups, `perennial replay` and the tests' recomputations share (docs/metrics.md says it in
/// words).
///
/// Stock measures follow the subscription's state at the end of each UTC day, folded by the engine from the
/// facts of what had happened by then — transactions bought and renewal infos observed by that instant (a
/// refund made later is not one yet; one made earlier is, however late Perennial learnt of it). The state
/// is evaluated only on the days it can change: a day with a fact's instant on it, and the day its validity
/// ends (`SubscriptionState.validUntil`), up to the day of `now`; after that the last state stands, until
/// a new fact or the status check at its `validUntil` folds the subscription again.
public struct SubscriptionContributions: Sendable {
    public var catalog: Catalog
    /// The stores' commissions, for proceeds.
    public var schedules: [Store: CommissionSchedule]

    public init(catalog: Catalog, schedules: [Store: CommissionSchedule] = [:]) {
        self.catalog = catalog
        self.schedules = schedules
    }

    /// The UTC day an instant falls on, in days since 1970.
    static func day(of instant: Instant) -> Int {
        CivilDate(utcDayOf: instant).daysSince1970
    }

    /// The last instant of a UTC day.
    static func lastInstant(ofDay day: Int) -> Instant {
        Instant(milliseconds: Int64(day + 1) * 86_400_000 - 1)
    }

    /// The subscription's contributions, summed by cell, in order; empty when it has no transaction.
    public func contributions(
        transactions: [TransactionFact], renewalInfos: [RenewalInfoFact], through now: Instant
    ) -> [MetricContribution] {
        guard !transactions.isEmpty else { return [] }
        var cells: [(MetricContribution.Cell, Int64)] = []
        func add(_ day: Int, _ measure: String, _ productID: String, _ country: String?, _ value: Int64) {
            guard value != 0 else { return }
            cells.append((MetricContribution.Cell(day: day, measure: measure, productID: productID, country: country ?? ""), value))
        }
        let timeline = SubscriptionTimeline(catalog: catalog, transactions: transactions, renewalInfos: renewalInfos)
        let lastState = timeline.walk(through: Self.day(of: now), add: add)
        starts(of: transactions, add: add)
        let entries = RevenueCalculator(catalog: catalog, schedules: schedules).entries(for: transactions)
        let refunded = Set(entries.filter { $0.kind == .refund }.map(\.transactionID))
        for entry in entries {
            let day = Self.day(of: entry.occurredAt)
            let currency = entry.price.currency
            if entry.kind == .sale {
                // On the sale's day, and whether it was refunded since: the refund rate of the sales of a day.
                add(day, "revenue.sales", entry.productID, entry.storefront, 1)
                if refunded.contains(entry.transactionID) { add(day, "revenue.refunded_sales", entry.productID, entry.storefront, 1) }
            }
            add(day, "revenue.price.\(currency)", entry.productID, entry.storefront, entry.price.minorUnits)
            add(day, "revenue.proceeds.\(entry.proceeds.currency)", entry.productID, entry.storefront, entry.proceeds.minorUnits)
            add(day, MetricMeasure.revenueLinesPrefix + entry.proceeds.currency, entry.productID, entry.storefront, 1)
            if entry.kind == .refund {
                add(day, "revenue.refunded.\(currency)", entry.productID, entry.storefront, -entry.price.minorUnits)
                add(day, "revenue.refunds", entry.productID, entry.storefront, 1)
            }
        }
        SubscriptionCohort(transactions: transactions)?.contribute(entries: entries, lastState: lastState, add: add)
        OfferContributions(transactions: transactions).contribute(entries: entries, add: add)
        return MetricContribution.combined(cells)
    }

    /// `new.*` and `renewals`: the auto-renewable periods in order of purchase. A trial that converted
    /// counts in `new.conversions` on its first paid period's day and in `new.converted_trials` on its own
    /// first day, so a bucket's `new.trials` and `new.converted_trials` are of the same trials.
    private func starts(of transactions: [TransactionFact], add: (Int, String, String, String?, Int64) -> Void) {
        let periods = transactions.filter { $0.expiresAt != nil }
            .sorted { ($0.purchasedAt, $0.transactionID) < ($1.purchasedAt, $1.transactionID) }
        guard let first = periods.first else { return }
        let paid = periods.filter { !$0.isTrialPeriod }
        if first.isTrialPeriod {
            add(Self.day(of: first.purchasedAt), "new.trials", first.productID, first.storefront, 1)
            if let converted = paid.first {
                add(Self.day(of: converted.purchasedAt), "new.conversions", converted.productID, converted.storefront, 1)
                add(Self.day(of: first.purchasedAt), "new.converted_trials", first.productID, first.storefront, 1)
            }
        } else {
            add(Self.day(of: first.purchasedAt), "new.paid", first.productID, first.storefront, 1)
        }
        for renewal in paid.dropFirst() {
            add(Self.day(of: renewal.purchasedAt), MetricMeasure.renewals, renewal.productID, renewal.storefront, 1)
        }
    }
}
