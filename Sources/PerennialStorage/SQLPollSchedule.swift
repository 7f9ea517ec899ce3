import PerennialCore
import PerennialServices
import SQLKit

/// The `PollSchedule` on an SQL database: the `polled_at` and `will_renew` columns of `subscriptions`, and
/// the `app_cursors` table.
public struct SQLPollSchedule: PollSchedule {
    let database: PerennialDatabase

    public init(database: PerennialDatabase) {
        self.database = database
    }

    public func subscriptionsDue(
        appID: String, store: Store, criteria: PollCriteria, now: Instant, limit: Int
    ) async throws -> [PollCandidate] {
        guard limit > 0 else { return [] }
        let checkedBefore = now.milliseconds - criteria.interval.milliseconds
        let endsBefore = now.milliseconds + criteria.lookahead.milliseconds
        let endedAfter = now.milliseconds - criteria.recentlyEnded.milliseconds
        return try await database.atomically(.read) { session in
            try await session.sql.raw("""
                SELECT subscription_id, owner_app_user_id FROM subscriptions
                WHERE app_id = \(bind: appID) AND store = \(bind: store.rawValue)
                    AND status <> \(bind: SubscriptionStatus.revoked.rawValue)
                    AND (polled_at IS NULL OR polled_at <= \(bind: checkedBefore))
                    AND (status IN (\(bind: SubscriptionStatus.billingRetry.rawValue), \(bind: SubscriptionStatus.gracePeriod.rawValue))
                        OR (expires_at IS NOT NULL AND expires_at <= \(bind: endsBefore) AND expires_at >= \(bind: endedAfter))
                        OR (will_renew = 0 AND expires_at IS NOT NULL AND expires_at >= \(bind: now.milliseconds)))
                ORDER BY COALESCE(polled_at, 0), expires_at, subscription_id
                LIMIT \(bind: Int64(limit))
                """).all().map {
                PollCandidate(subscriptionID: try $0.string("subscription_id"), ownerAppUserID: try $0.string("owner_app_user_id"))
            }
        }
    }

    public func markPolled(appID: String, store: Store, subscriptionIDs: [String], at: Instant) async throws {
        guard !subscriptionIDs.isEmpty else { return }
        try await database.atomically(.write) { session in
            try await session.sql.raw("""
                UPDATE subscriptions SET polled_at = \(bind: at.milliseconds)
                WHERE app_id = \(bind: appID) AND store = \(bind: store.rawValue)
                    AND subscription_id IN (\(binds: subscriptionIDs))
                """).run()
        }
    }

    public func cursor(appID: String, name: String) async throws -> Instant? {
        try await database.atomically(.read) { session in
            try await session.sql.raw("""
                SELECT position FROM app_cursors WHERE app_id = \(bind: appID) AND name = \(bind: name)
                """).first().map { Instant(milliseconds: try $0.int64("position")) }
        }
    }

    public func setCursor(appID: String, name: String, position: Instant, updatedAt: Instant) async throws {
        try await database.atomically(.write) { session in
            try await session.sql.raw("""
                INSERT INTO app_cursors (app_id, name, position, updated_at)
                VALUES (\(bind: appID), \(bind: name), \(bind: position.milliseconds), \(bind: updatedAt.milliseconds))
                ON CONFLICT (app_id, name) DO UPDATE SET position = excluded.position, updated_at = excluded.updated_at
                """).run()
        }
    }
}
