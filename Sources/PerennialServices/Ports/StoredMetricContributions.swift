import PerennialCore

/// One subscription's stored metric contributions, with who owns it.
public struct StoredMetricContributions: Sendable, Hashable {
    public var subscription: SubscriptionKey
    public var ownerAppUserID: String?
    public var contributions: [MetricContribution]

    public init(subscription: SubscriptionKey, ownerAppUserID: String?, contributions: [MetricContribution]) {
        self.subscription = subscription
        self.ownerAppUserID = ownerAppUserID
        self.contributions = contributions
    }
}
