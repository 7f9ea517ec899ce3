/// Where a customer is in their journey, as a paywall's targeting reads it (`JourneyStageRule` derives it):
/// each stage wants a different paywall, or none.
public enum JourneyStage: Sendable, Hashable {
    /// Never bought anything, and first seen recently.
    case new
    /// Never bought anything, and active recently.
    case engaged
    /// In a free trial that renews.
    case trial
    /// Paying, and renewing (or owning something that does not expire).
    case subscriber
    /// About to leave: renewal turned off, in a grace period, in billing retry, paused, or a customer who
    /// never bought and has not been active for a while.
    case lapsing
    /// Had a subscription that ended, for this reason (nil when the store did not say).
    case churned(reason: ExpirationReason?)

    /// The stage's name in the API and the configuration (`churned` without its reason).
    public var name: String {
        switch self {
        case .new: "new"
        case .engaged: "engaged"
        case .trial: "trial"
        case .subscriber: "subscriber"
        case .lapsing: "lapsing"
        case .churned: "churned"
        }
    }
}
