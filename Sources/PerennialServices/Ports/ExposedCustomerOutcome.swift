import PerennialCore

/// What became of one customer exposed to an experiment: their arm, when they were first exposed, the
/// metric contributions of every subscription they own (from which trial starts, conversions, revenue,
/// refunds and renewals after the exposure are read), and their paywall events in the experiment by kind.
public struct ExposedCustomerOutcome: Sendable, Hashable {
    public var appUserID: String
    public var variantID: String
    public var exposedAt: Instant
    public var contributions: [MetricContribution]
    public var paywallEvents: [String: Int]

    public init(appUserID: String, variantID: String, exposedAt: Instant, contributions: [MetricContribution], paywallEvents: [String: Int]) {
        self.appUserID = appUserID
        self.variantID = variantID
        self.exposedAt = exposedAt
        self.contributions = contributions
        self.paywallEvents = paywallEvents
    }
}
