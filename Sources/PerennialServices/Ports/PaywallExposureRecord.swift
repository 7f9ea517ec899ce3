import PerennialCore

/// A paywall served to a customer at a placement (or, in an experiment, the decision to serve none): the
/// revision it came from, the experiment arm, and what the request said (`context`, JSON: platform, device,
/// app version, country, locale), so what the customer saw can be rebuilt.
public struct PaywallExposureRecord: Sendable, Hashable {
    public var appID: String
    public var appUserID: String
    public var placement: String
    public var paywallID: String?
    public var revision: Int
    public var experiment: ExperimentAssignment?
    public var context: String
    public var servedAt: Instant

    public init(
        appID: String, appUserID: String, placement: String, paywallID: String?, revision: Int, experiment: ExperimentAssignment?,
        context: String, servedAt: Instant
    ) {
        self.appID = appID
        self.appUserID = appUserID
        self.placement = placement
        self.paywallID = paywallID
        self.revision = revision
        self.experiment = experiment
        self.context = context
        self.servedAt = servedAt
    }
}
