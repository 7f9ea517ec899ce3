/// Realized lifetime value per customer, by cohort: a customer counts once, in the cohort of their first paid
/// period (the earliest cohort of the subscriptions they own), with everything all those subscriptions have
/// earned so far (net of refunds and commission) — an upgrade's new subscription, a second product or a move
/// to another store adds to the same customer. A customer is filed under the store, product and country of
/// that first subscription (so `product=` keeps the customers a product brought in, with all they paid since).
/// Ownership is the current one: after two customers merge, they are one.
///
/// Kept in the rollups like a subscription's contributions: `cohort.customers` (1) and
/// `cohort.customer_proceeds.<currency>` on the cohort's first day, recomputed from the customer's subscriptions
/// whenever one of their cohorts or earnings changes, or a subscription changes hands.
public enum CustomerLifetimeValue {
    /// Customers whose first paid period began in the cohort.
    public static let customers = MetricMeasure.cohortPrefix + "customers"
    /// What those customers have earned so far, by currency: `cohort.customer_proceeds.<currency>`.
    public static let proceedsPrefix = MetricMeasure.cohortPrefix + "customer_proceeds."

    /// One of a customer's subscriptions with a paid period: its cohort (day, product, country of its first
    /// paid period) and what it has earned by currency.
    public struct Member: Sendable, Hashable {
        public var subscription: SubscriptionKey
        public var cohortDay: Int
        public var productID: String
        public var country: String
        public var proceeds: [String: Int64]

        public init(subscription: SubscriptionKey, cohortDay: Int, productID: String, country: String, proceeds: [String: Int64]) {
            self.subscription = subscription
            self.cohortDay = cohortDay
            self.productID = productID
            self.country = country
            self.proceeds = proceeds
        }

        /// A subscription's membership from its contributions (`cohort.subscriptions`, `cohort.proceeds.*`);
        /// nil when it has no paid period.
        public init?(subscription: SubscriptionKey, contributions: [MetricContribution]) {
            guard let cohort = contributions.first(where: { $0.measure == MetricMeasure.cohortPrefix + "subscriptions" }) else {
                return nil
            }
            let prefix = MetricMeasure.cohortPrefix + "proceeds."
            var proceeds: [String: Int64] = [:]
            for contribution in contributions where contribution.measure.hasPrefix(prefix) {
                proceeds[String(contribution.measure.dropFirst(prefix.count)), default: 0] += contribution.value
            }
            self.init(subscription: subscription, cohortDay: cohort.day, productID: cohort.productID, country: cohort.country,
                      proceeds: proceeds)
        }
    }

    /// A customer's first subscription (the earliest cohort, then the least key) and their contributions, under
    /// that subscription's product and country; nil when no subscription of theirs has a paid period.
    public static func contributions(of members: [Member]) -> (first: SubscriptionKey, contributions: [MetricContribution])? {
        guard let first = members.min(by: { ($0.cohortDay, $0.subscription) < ($1.cohortDay, $1.subscription) }) else { return nil }
        var cells = [(MetricContribution.Cell(day: first.cohortDay, measure: customers, productID: first.productID, country: first.country), Int64(1))]
        for member in members {
            for (currency, value) in member.proceeds {
                cells.append((MetricContribution.Cell(
                    day: first.cohortDay, measure: proceedsPrefix + currency, productID: first.productID, country: first.country), value))
            }
        }
        return (first.subscription, MetricContribution.combined(cells))
    }

    /// Every customer's contributions, from each subscription's owner and contributions (a recomputation).
    public static func contributions(of subscriptions: [(owner: String, subscription: SubscriptionKey, contributions: [MetricContribution])])
        -> [MetricContribution]
    {
        var members: [String: [Member]] = [:]
        for (owner, subscription, contributions) in subscriptions {
            if let member = Member(subscription: subscription, contributions: contributions) { members[owner, default: []].append(member) }
        }
        return members.values.flatMap { contributions(of: $0)?.contributions ?? [] }
    }
}
