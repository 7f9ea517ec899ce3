import Foundation
import PerennialCore
import PerennialServices
import SQLKit

extension SQLNotificationInbox {
    public func reject(
        appID: String, notificationID: String, outcome: InboundNotification.Outcome, sealedExcerpt: Data, bodyBytes: Int,
        retention: RejectedNotificationRetention
    ) async throws {
        try await database.atomically(.write) { session in
            try await session.sql.raw("""
                UPDATE store_notifications SET status = \(bind: InboundNotification.Status.rejected.rawValue),
                    error_code = \(bind: outcome.errorCode), settled_at = \(bind: outcome.settledAt.milliseconds),
                    sealed_body = \(bind: sealedExcerpt), body_bytes = \(bind: bodyBytes)
                WHERE app_id = \(bind: appID) AND notification_id = \(bind: notificationID)
                """).run()
            try await Self.prune(session, appID: appID, retention: retention, now: outcome.settledAt)
        }
    }

    public func pruneRejected(appID: String, retention: RejectedNotificationRetention, now: Instant) async throws {
        try await database.atomically(.write) { session in
            try await Self.prune(session, appID: appID, retention: retention, now: now)
        }
    }

    /// Deletes the app's rejected notifications received before the retention's age, then, newest first,
    /// those past `maxCount` rows or past `maxBytes` of sealed excerpts.
    private static func prune(
        _ session: DatabaseSession, appID: String, retention: RejectedNotificationRetention, now: Instant
    ) async throws {
        let rejected = InboundNotification.Status.rejected.rawValue
        let cutoff = now.milliseconds - retention.maxAge.milliseconds
        try await session.sql.raw("""
            DELETE FROM store_notifications
            WHERE app_id = \(bind: appID) AND status = \(bind: rejected) AND received_at < \(bind: cutoff)
            """).run()
        let length = session.kind == .sqlite ? "length(sealed_body)" : "octet_length(sealed_body)"
        try await session.sql.raw("""
            DELETE FROM store_notifications
            WHERE app_id = \(bind: appID) AND status = \(bind: rejected) AND notification_id IN (
                SELECT notification_id FROM (
                    SELECT notification_id,
                        ROW_NUMBER() OVER (ORDER BY received_at DESC, notification_id DESC) AS position,
                        SUM(COALESCE(\(unsafeRaw: length), 0)) OVER (
                            ORDER BY received_at DESC, notification_id DESC ROWS UNBOUNDED PRECEDING) AS kept_bytes
                    FROM store_notifications WHERE app_id = \(bind: appID) AND status = \(bind: rejected)
                ) ranked
                WHERE position > \(bind: retention.maxCount) OR kept_bytes > \(bind: retention.maxBytes)
            )
            """).run()
    }
}
