import PerennialCore

/// One row of `subscription_lifetime_values`: a subscription's cohort (the day, product and country of its
/// first paid period) with what it has earned in one currency, or, with an empty currency, the subscription
/// itself (so one that earned nothing still counts).
struct LifetimeValueRow: Sendable, Hashable {
    var subscription: SubscriptionKey
    var currency: String
    var cohortDay: Int
    var productID: String
    var country: String
    var proceeds: Int64

    /// A subscription's rows from its metric contributions (`cohort.subscriptions`, `cohort.proceeds.<currency>`);
    /// none when it has no paid period.
    static func rows(of subscription: SubscriptionKey, contributions: [MetricContribution]) -> [LifetimeValueRow] {
        guard let cohort = contributions.first(where: { $0.measure == MetricMeasure.cohortPrefix + "subscriptions" }) else { return [] }
        let proceedsPrefix = MetricMeasure.cohortPrefix + "proceeds."
        var amounts: [String: Int64] = ["": 0]
        for contribution in contributions where contribution.measure.hasPrefix(proceedsPrefix) {
            amounts[String(contribution.measure.dropFirst(proceedsPrefix.count)), default: 0] += contribution.value
        }
        return amounts.sorted { $0.key < $1.key }.map { currency, proceeds in
            LifetimeValueRow(
                subscription: subscription, currency: currency, cohortDay: cohort.day, productID: cohort.productID,
                country: cohort.country, proceeds: proceeds)
        }
    }
}
