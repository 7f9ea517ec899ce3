/// Realized lifetime value per customer, by cohort: a customer's cohort is the earliest cohort month of the
/// subscriptions they own (the month their first paid period began, on any store or product the query
/// keeps), and they count once there, with everything all those subscriptions have earned so far (net of
/// refunds and commission) — an upgrade's new subscription, a second product or a move to another store
/// adds to the same customer. Ownership is the current one: after two customers merge, they are one.
///
/// Not kept in the rollups (a merge or a late first purchase moves a customer's whole history to another
/// cohort): it is summed from each subscription's cohort contributions when asked, as totals of
/// `cohort.customers` and `cohort.customer_proceeds.<currency>` on the cohort's first day.
public enum CustomerLifetimeValue {
    /// Customers whose first paid period began in the cohort.
    public static let customers = MetricMeasure.cohortPrefix + "customers"
    /// What those customers have earned so far, by currency: `cohort.customer_proceeds.<currency>`.
    public static let proceedsPrefix = MetricMeasure.cohortPrefix + "customer_proceeds."

    /// The customers' totals from their subscriptions' contributions (already kept to the query), each
    /// subscription with its owner.
    public static func totals(of subscriptions: [(owner: String, contributions: [MetricContribution])]) -> [MetricTotal] {
        var cohorts: [String: Int] = [:]
        var proceeds: [String: [String: Int64]] = [:]
        let subscriptionsMeasure = MetricMeasure.cohortPrefix + "subscriptions"
        let subscriptionProceeds = MetricMeasure.cohortPrefix + "proceeds."
        for (owner, contributions) in subscriptions {
            for contribution in contributions {
                if contribution.measure == subscriptionsMeasure {
                    cohorts[owner] = min(cohorts[owner] ?? contribution.day, contribution.day)
                } else if contribution.measure.hasPrefix(subscriptionProceeds) {
                    let currency = String(contribution.measure.dropFirst(subscriptionProceeds.count))
                    proceeds[owner, default: [:]][currency, default: 0] += contribution.value
                }
            }
        }
        var totals: [MetricContribution] = []
        for (owner, day) in cohorts {
            totals.append(MetricContribution(day: day, measure: customers, productID: "", country: "", value: 1))
            for (currency, value) in proceeds[owner] ?? [:] {
                totals.append(MetricContribution(day: day, measure: proceedsPrefix + currency, productID: "", country: "", value: value))
            }
        }
        return MetricTotal.of(totals)
    }
}
