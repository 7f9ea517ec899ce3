import PerennialCore
import PerennialServices
import SQLKit

/// The `store_notifications` table inside a ledger write: what `SQLNotificationInbox` does in writes of its
/// own, and what a store notification's single write (stored, ingested and settled at once) does in one.
extension SQLLedgerSession {
    public func receiveNotification(_ notification: InboundNotification) async throws -> (record: InboundNotification, isNew: Bool) {
        let inserted = try await sql.raw("""
            INSERT INTO store_notifications (app_id, notification_id, store, version, received_at, sealed_body, status, body_bytes)
            VALUES (\(bind: notification.appID), \(bind: notification.notificationID), \(bind: notification.store.rawValue),
                    \(bind: notification.version), \(bind: notification.receivedAt.milliseconds),
                    \(bind: notification.sealedBody), \(bind: notification.status.rawValue), \(bind: notification.bodyBytes))
            ON CONFLICT (app_id, notification_id) DO NOTHING
            RETURNING notification_id
            """).first()
        if inserted != nil { return (notification, true) }
        guard let row = try await sql.raw("""
            SELECT * FROM store_notifications
            WHERE app_id = \(bind: notification.appID) AND notification_id = \(bind: notification.notificationID)
            """).first() else {
            throw StorageError(.writeConflict, "a notification vanished while it was being received")
        }
        return (try SQLNotificationInbox.notification(from: row), false)
    }

    public func hasProcessedNotification(appID: String, notificationUUID: String) async throws -> Bool {
        try await sql.raw("""
            SELECT 1 AS found FROM store_notifications
            WHERE app_id = \(bind: appID) AND notification_uuid = \(bind: notificationUUID)
                AND status = \(bind: InboundNotification.Status.processed.rawValue)
            LIMIT 1
            """).first() != nil
    }

    public func settleNotification(appID: String, notificationID: String, outcome: InboundNotification.Outcome) async throws {
        try await sql.raw("""
            UPDATE store_notifications SET status = \(bind: outcome.status.rawValue),
                notification_uuid = \(bind: outcome.notificationUUID), notification_type = \(bind: outcome.notificationType), subtype = \(bind: outcome.subtype),
                error_code = \(bind: outcome.errorCode), settled_at = \(bind: outcome.settledAt.milliseconds)
            WHERE app_id = \(bind: appID) AND notification_id = \(bind: notificationID)
            """).run()
    }
}
