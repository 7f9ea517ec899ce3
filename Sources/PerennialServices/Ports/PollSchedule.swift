import PerennialCore

/// What status polling and notification catch-up remember between runs: which subscriptions need a
/// check, when each was last checked, and how far each app's notification history has been read.
public protocol PollSchedule: Sendable {
    /// Owned subscriptions of the app in `store` that need a status check at `now` by these criteria and
    /// have not been checked within `criteria.interval`, those never checked first, then those ending soonest.
    func subscriptionsDue(appID: String, store: Store, criteria: PollCriteria, now: Instant, limit: Int) async throws -> [PollCandidate]

    /// Records that these subscriptions of `store` were scheduled for a check at `at`.
    func markPolled(appID: String, store: Store, subscriptionIDs: [String], at: Instant) async throws

    /// The position an app's named cursor was left at (`notification_history`: the instant up to which the
    /// store's notification history has been read), or nil when never set.
    func cursor(appID: String, name: String) async throws -> Instant?

    /// Moves an app's named cursor.
    func setCursor(appID: String, name: String, position: Instant, updatedAt: Instant) async throws
}
