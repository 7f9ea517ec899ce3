/// The metrics a series can show, each read from its measures' daily totals (`MetricTotal`) by one rule:
/// a stock metric's bucket is its value at the end of the bucket's last day (every total up to that day),
/// a flow metric's the sum of the bucket's days. docs/metrics.md defines each in words.
/// - `active_subscriptions` (stock): `trial`, `paid`, `grace_period`, `billing_retry`, and `total` (all but
///   billing retry, which has no access).
/// - `mrr` (stock): per currency, in minor units; `arr` (stock): twelve times it, rounded once.
/// - `new_subscriptions`: `trials`, `paid` (started without a trial), `conversions`, `converted_trials` (of
///   the bucket's trials, those that converted since) and `conversion_rate_bp`.
/// - `churn`: paid subscriptions that ended — `voluntary`, `involuntary`, `refunded`, `other`.
/// - `renewals`: paid periods after the first (`count`).
/// - `revenue`: `price.<currency>` and `proceeds.<currency>` net of refunds, `refunded.<currency>`, `refunds`
///   (on the day they happened), `sales`, `refunded_sales` (of those sales, how many were refunded since) and
///   `refund_rate_bp` (the two divided).
/// - `ltv`: by cohort (the month a subscription's first paid period began): `subscriptions`,
///   `proceeds.<currency>` earned so far, and `per_subscription.<currency>` (rounded half to even); and by
///   the month a customer's first paid period began (`CustomerLifetimeValue`): `customers`,
///   `customer_proceeds.<currency>` (all their subscriptions) and `per_customer.<currency>`.
/// - `mrr_movement`: the change of MRR by kind, `new.<currency>`, `reactivation.<currency>`,
///   `expansion.<currency>`, `contraction.<currency>`, `churn.<currency>` (`MRRMovement`), in minor units.
/// - `billing`: `issues`, `recovered`, `recovered_in_grace`, `days_to_recover`, `lost` (`BillingIssues`) and
///   `recovery_rate_bp`.
/// - `state_mix` (stock): paid subscriptions with access by offer, `standard`, `introductory`, `promotional`,
///   `offer_code` (`PeriodOffer`).
/// - `offers`: per offer `<kind>:<identifier>`, `<offer>.redemptions`, `<offer>.renewals_after` and
///   `<offer>.proceeds_after.<currency>` (`OfferContributions`).
///
/// Rates are in basis points (1/10,000), rounded half to even, and left out when their denominator is 0.
public enum MetricSeries {
    /// Every metric name a series can show.
    public static let names: Set<String> = [
        "active_subscriptions", "mrr", "arr", "new_subscriptions", "churn", "renewals", "revenue", "ltv",
        "mrr_movement", "billing", "state_mix", "offers",
    ]

    /// The prefix of the measures a metric reads (a whole name for `renewals`).
    public static func measurePrefix(of name: String) -> String? {
        switch name {
        case "active_subscriptions": MetricMeasure.activePrefix
        case "mrr", "arr": MetricMeasure.mrrPrefix
        case "new_subscriptions": MetricMeasure.newPrefix
        case "churn": MetricMeasure.churnPrefix
        case "renewals": MetricMeasure.renewals
        case "revenue": MetricMeasure.revenuePrefix
        case "ltv": MetricMeasure.cohortPrefix
        case "mrr_movement": MetricMeasure.mrrMovementPrefix
        case "billing": MetricMeasure.billingPrefix
        case "state_mix": MetricMeasure.stateMixPrefix
        case "offers": MetricMeasure.offersPrefix
        default: nil
        }
    }

    /// Whether the metric's buckets are values at their end (every total before counts).
    public static func isStock(_ name: String) -> Bool {
        stockNames.contains(name)
    }

    private static let stockNames: Set = ["active_subscriptions", "mrr", "arr", "state_mix"]

    /// The measure prefixes of the stock metrics: the measures whose running totals are read from the first day.
    public static let stockMeasurePrefixes: [String] = Set(stockNames.compactMap(measurePrefix(of:))).sorted()

    /// Whether `measure` (or a measure prefix) belongs to a stock metric.
    public static func isStockMeasure(_ measure: String) -> Bool {
        stockMeasurePrefixes.contains { measure.hasPrefix($0) }
    }

    /// The metric's points over the buckets (in order, not overlapping) from its measures' totals; nil for an
    /// unknown metric.
    public static func points(
        _ name: String, totals: [MetricTotal], buckets: [(start: CivilDate, end: CivilDate)]
    ) -> [SubscriptionMetrics.Point]? {
        guard let prefix = measurePrefix(of: name) else { return nil }
        let dropped = name == "renewals" ? 0 : prefix.count
        let ordered = totals.filter { $0.measure.hasPrefix(prefix) }.sorted { $0.day < $1.day }
            .map { (day: $0.day, key: String($0.measure.dropFirst(dropped)), value: $0.value) }
        // Buckets run forwards without overlapping: one pass over the totals, a stock metric's sums carried from
        // bucket to bucket, a flow metric's started again at each.
        var sums: [String: Int64] = [:]
        var index = 0
        return buckets.map { bucket in
            if !isStock(name) {
                sums = [:]
                while index < ordered.count, ordered[index].day < bucket.start.daysSince1970 { index += 1 }
            }
            while index < ordered.count, ordered[index].day <= bucket.end.daysSince1970 {
                sums[ordered[index].key, default: 0] += ordered[index].value
                index += 1
            }
            return SubscriptionMetrics.Point(start: bucket.start, end: bucket.end, values: values(of: name, sums))
        }
    }

    /// `value` ÷ `divisor` rounded half to even.
    static func dividedHalfEven(_ value: Int64, by divisor: Int64) -> Int64 {
        let quotient = value / divisor
        let twice = 2 * abs(value % divisor)
        if twice < divisor { return quotient }
        let away = quotient + ((value < 0) != (divisor < 0) ? -1 : 1)
        return twice > divisor || quotient % 2 != 0 ? away : quotient
    }
}
