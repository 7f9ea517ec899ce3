import PerennialCore

/// A subscription's contributions to store, and their difference from those stored before
/// (`MetricRollupRecords.replaceMetricContributions`).
public struct MetricContributionReplacement: Sendable, Hashable {
    public var subscription: SubscriptionKey
    public var environment: StoreEnvironment
    /// Its owner, as the caller knows it; nil when nobody owns it.
    public var owner: String?
    public var contributions: [MetricContribution]
    /// New − stored: what the rollups gain.
    public var difference: [MetricContribution]

    public init(
        subscription: SubscriptionKey, environment: StoreEnvironment, owner: String?, contributions: [MetricContribution],
        difference: [MetricContribution]
    ) {
        self.subscription = subscription
        self.environment = environment
        self.owner = owner
        self.contributions = contributions
        self.difference = difference
    }

    /// Whether the difference touches the subscription's cohort: its lifetime value rows, and its owner's, follow.
    public var touchesLifetimeValue: Bool {
        difference.contains(where: { $0.measure.hasPrefix(MetricMeasure.cohortPrefix) })
    }
}
