import PerennialCore
import PerennialServices
import SQLKit

/// The `store_notifications` table inside a ledger write: what `SQLNotificationInbox` does in writes of its
/// own, and what a store notification's single write (stored, ingested and settled at once) does in one.
extension SQLLedgerSession {
    public func receiveNotification(_ notification: InboundNotification) async throws -> (record: InboundNotification, isNew: Bool) {
        let inserted = try await sql.raw(Self.notificationInsert(notification) + " RETURNING notification_id").first()
        if inserted != nil { return (notification, true) }
        return (try await storedNotification(notification), false)
    }

    /// On PostgreSQL one statement: the insert as a data-modifying `WITH`, the check beside it (the row it
    /// inserts is `received`, never `processed`, so the check cannot see it either way).
    public func receiveNotification(
        _ notification: InboundNotification, checkingProcessed notificationUUID: String?
    ) async throws -> (record: InboundNotification, isNew: Bool, processedBefore: Bool) {
        guard session.kind == .postgresql, let notificationUUID else {
            return try await receiveNotificationThenCheck(notification, checkingProcessed: notificationUUID)
        }
        try await session.runDeferredStatements()
        guard let row = try await sql.raw("""
            WITH inserted AS (\(Self.notificationInsert(notification)) RETURNING 1)
            SELECT (SELECT count(*) FROM inserted) AS inserted,
                EXISTS (\(Self.processed(appID: notification.appID, notificationUUID: notificationUUID))) AS processed
            """).first() else {
            throw StorageError(.corruptRecord, "receiving a notification returned no row")
        }
        let processed = try row.decode(column: "processed", as: Bool.self)
        if try row.int64("inserted") > 0 { return (notification, true, processed) }
        return (try await storedNotification(notification), false, processed)
    }

    private static func notificationInsert(_ notification: InboundNotification) -> SQLQueryString {
        """
        INSERT INTO store_notifications (app_id, notification_id, store, version, received_at, sealed_body, status, body_bytes)
        VALUES (\(bind: notification.appID), \(bind: notification.notificationID), \(bind: notification.store.rawValue),
                \(bind: notification.version), \(bind: notification.receivedAt.milliseconds),
                \(bind: notification.sealedBody), \(bind: notification.status.rawValue), \(bind: notification.bodyBytes))
        ON CONFLICT (app_id, notification_id) DO NOTHING
        """
    }

    /// The stored copy of a notification an insert found already there.
    private func storedNotification(_ notification: InboundNotification) async throws -> InboundNotification {
        try await session.runDeferredStatements()
        guard let row = try await sql.raw("""
            SELECT * FROM store_notifications
            WHERE app_id = \(bind: notification.appID) AND notification_id = \(bind: notification.notificationID)
            """).first() else {
            throw StorageError(.writeConflict, "a notification vanished while it was being received")
        }
        return try SQLNotificationInbox.notification(from: row)
    }

    public func hasProcessedNotification(appID: String, notificationUUID: String) async throws -> Bool {
        try await session.runDeferredStatements()
        return try await sql.raw(Self.processed(appID: appID, notificationUUID: notificationUUID)).first() != nil
    }

    /// A row when a notification of the app with this store id was processed.
    private static func processed(appID: String, notificationUUID: String) -> SQLQueryString {
        """
        SELECT 1 AS found FROM store_notifications
        WHERE app_id = \(bind: appID) AND notification_uuid = \(bind: notificationUUID)
            AND status = \(bind: InboundNotification.Status.processed.rawValue)
        LIMIT 1
        """
    }

    /// On PostgreSQL the update goes with the write's last statement (`sendDeferredWrites`), or before the write
    /// reads a notification's outcome, whichever comes first (`DatabaseSession.deferredStatements`).
    public func settleNotification(appID: String, notificationID: String, outcome: InboundNotification.Outcome) async throws {
        let update: SQLQueryString = """
            UPDATE store_notifications SET status = \(bind: outcome.status.rawValue),
                notification_uuid = \(bind: outcome.notificationUUID), notification_type = \(bind: outcome.notificationType), subtype = \(bind: outcome.subtype),
                error_code = \(bind: outcome.errorCode), settled_at = \(bind: outcome.settledAt.milliseconds)
            WHERE app_id = \(bind: appID) AND notification_id = \(bind: notificationID)
            """
        if session.kind == .postgresql {
            session.deferredStatements.append([update])
        } else {
            try await sql.raw(update).run()
        }
    }
}
