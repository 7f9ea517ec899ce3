import PerennialCore

/// What status polling and notification catch-up remember between runs: which subscriptions need a
/// check, when each was last checked, and how far each app's notification history has been read.
public protocol PollSchedule: Sendable {
    /// Owned App Store subscriptions of the app that need a status check at `now` by these criteria and have
    /// not been checked within `criteria.interval`, those never checked first, then those ending soonest.
    func subscriptionsDue(appID: String, criteria: PollCriteria, now: Instant, limit: Int) async throws -> [PollCandidate]

    /// Records that these subscriptions were scheduled for a check at `at`.
    func markPolled(appID: String, originalTransactionIDs: [String], at: Instant) async throws

    /// The position an app's named cursor was left at (`notification_history`: the instant up to which the
    /// store's notification history has been read), or nil when never set.
    func cursor(appID: String, name: String) async throws -> Instant?

    /// Moves an app's named cursor.
    func setCursor(appID: String, name: String, position: Instant, updatedAt: Instant) async throws
}

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

/// A subscription due for a status check, and the customer who owns it.
public struct PollCandidate: Sendable, Hashable {
    public var originalTransactionID: String
    public var ownerAppUserID: String

    public init(originalTransactionID: String, ownerAppUserID: String) {
        self.originalTransactionID = originalTransactionID
        self.ownerAppUserID = ownerAppUserID
    }
}
