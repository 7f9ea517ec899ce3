/// What folding one subscription's facts decided: its state now, how its recorded history changes, and the
/// effects that must follow.
public struct SubscriptionDecision: Sendable, Hashable {
    /// The subscription's state at the instant of the fold.
    public var state: SubscriptionState
    /// Events the facts imply that were not recorded yet, oldest first.
    public var newEvents: [LifecycleEvent]
    /// Fingerprints of recorded events the fuller history no longer supports (facts that arrived out of
    /// order can change what an earlier transaction was).
    public var retractedEventFingerprints: [String]
    /// What must happen next, in a stable order: notifications of the new events, then acknowledgements,
    /// then the next status check.
    public var effects: [SubscriptionEffect]

    public init(
        state: SubscriptionState, newEvents: [LifecycleEvent], retractedEventFingerprints: [String],
        effects: [SubscriptionEffect]
    ) {
        self.state = state
        self.newEvents = newEvents
        self.retractedEventFingerprints = retractedEventFingerprints
        self.effects = effects
    }
}
