import PerennialCore

/// The subscriptions behind a metric's figure (`MetricsService.explain`).
public struct MetricExplanation: Sendable, Hashable {
    /// One subscription and what it adds to each of the metric's values (for `active_subscriptions`, 1 in its
    /// column and in `total`; for `mrr`, its monthly value in its currency).
    public struct Row: Sendable, Hashable {
        public var subscription: SubscriptionKey
        /// Its owner; nil when nobody owns it.
        public var ownerAppUserID: String?
        public var values: [String: Int64]
    }

    public var rows: [Row]
    /// More subscriptions contributed than an explanation lists (`MetricsService.maximumExplainedSubscriptions`).
    public var truncated: Bool
}
