import PerennialCore

/// What an app reported about a paywall on screen: shown, closed, a purchase started or cancelled. The
/// server adds the revision and experiment arm of the customer's latest exposure at the placement.
public struct PaywallEventRecord: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case shown, closed
        case purchaseStarted = "purchase_started", purchaseCancelled = "purchase_cancelled"
    }

    public var appID: String
    /// The app's id for the event, so a retry is recorded once.
    public var eventID: String
    public var appUserID: String
    public var kind: Kind
    public var placement: String
    public var paywallID: String?
    public var packageID: String?
    public var revision: Int?
    public var experiment: ExperimentAssignment?
    public var occurredAt: Instant
    public var receivedAt: Instant

    public init(
        appID: String, eventID: String, appUserID: String, kind: Kind, placement: String, paywallID: String?, packageID: String?,
        revision: Int?, experiment: ExperimentAssignment?, occurredAt: Instant, receivedAt: Instant
    ) {
        self.appID = appID
        self.eventID = eventID
        self.appUserID = appUserID
        self.kind = kind
        self.placement = placement
        self.paywallID = paywallID
        self.packageID = packageID
        self.revision = revision
        self.experiment = experiment
        self.occurredAt = occurredAt
        self.receivedAt = receivedAt
    }
}
