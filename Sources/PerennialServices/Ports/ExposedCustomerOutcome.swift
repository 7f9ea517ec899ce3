import PerennialCore

/// What became of one customer exposed to a paywall: the placement and (in an experiment) their arm, when
/// they were first exposed, the metric contributions of every subscription they own (from which trial
/// starts, conversions, revenue, refunds and renewals after the exposure are read), and their paywall
/// events (in the experiment, or at the placement) by kind.
public struct ExposedCustomerOutcome: Sendable, Hashable {
    public var appUserID: String
    public var placement: String
    /// The experiment arm; empty outside an experiment.
    public var variantID: String
    public var exposedAt: Instant
    public var contributions: [MetricContribution]
    public var paywallEvents: [String: Int]

    public init(
        appUserID: String, placement: String, variantID: String, exposedAt: Instant, contributions: [MetricContribution],
        paywallEvents: [String: Int]
    ) {
        self.appUserID = appUserID
        self.placement = placement
        self.variantID = variantID
        self.exposedAt = exposedAt
        self.contributions = contributions
        self.paywallEvents = paywallEvents
    }
}
