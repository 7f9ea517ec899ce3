/// Which subscriptions status polling checks (WWDC18 "Status Polling"): those whose period ends within
/// `lookahead` (or ended within `recentlyEnded`), those in billing retry or grace period, and those whose
/// auto-renew is off — each at most once per `interval`.
public struct PollCriteria: Sendable, Hashable {
    public var interval: Duration
    public var lookahead: Duration
    public var recentlyEnded: Duration

    public init(interval: Duration = .seconds(3600), lookahead: Duration = .seconds(86_400), recentlyEnded: Duration = .seconds(86_400)) {
        self.interval = interval
        self.lookahead = lookahead
        self.recentlyEnded = recentlyEnded
    }
}
