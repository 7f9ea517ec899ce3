import PerennialCore
import PerennialServices
import SQLKit

/// The `NotificationInbox` on an SQL database, in the `store_notifications` table. Receiving is an
/// insert that does nothing when the notification is already there, so concurrent repeats of one
/// notification store it once. Receiving is a grouped write: notifications arriving together share one
/// commit (`PerennialDatabase.groupedWrite`).
public struct SQLNotificationInbox: NotificationInbox {
    let database: PerennialDatabase

    public init(database: PerennialDatabase) {
        self.database = database
    }

    public func receive(_ notification: InboundNotification) async throws -> (record: InboundNotification, isNew: Bool) {
        try await database.groupedWrite { try await SQLLedgerSession(session: $0, endpointCache: database.webhookEndpointCache).receiveNotification(notification) }
    }

    public func lastReceived(appID: String, store: Store) async throws -> Instant? {
        try await database.atomically(.read) { session in
            try await session.sql.raw("""
                SELECT received_at FROM store_notifications WHERE app_id = \(bind: appID) AND store = \(bind: store.rawValue)
                ORDER BY received_at DESC LIMIT 1
                """).first().map { Instant(milliseconds: try $0.int64("received_at")) }
        }
    }

    public func notifications(appID: String, after cursor: PageCursor?, limit: Int) async throws -> [InboundNotification] {
        try await database.atomically(.read) { session in
            var query: SQLQueryString = "SELECT * FROM store_notifications WHERE app_id = \(bind: appID)"
            if let cursor {
                query += """
                     AND (received_at < \(bind: cursor.instant.milliseconds)
                        OR (received_at = \(bind: cursor.instant.milliseconds) AND notification_id > \(bind: cursor.id)))
                    """
            }
            query += " ORDER BY received_at DESC, notification_id LIMIT \(bind: Int64(max(1, limit)))"
            return try await session.sql.raw(query).all().map(Self.notification(from:))
        }
    }

    public func notification(appID: String, notificationID: String) async throws -> InboundNotification? {
        try await database.atomically(.read) { session in
            try await session.sql.raw("""
                SELECT * FROM store_notifications WHERE app_id = \(bind: appID) AND notification_id = \(bind: notificationID)
                """).first().map(Self.notification(from:))
        }
    }

    public func unsettled(receivedBefore: Instant, limit: Int) async throws -> [InboundNotification] {
        try await database.atomically(.read) { session in
            try await session.sql.raw("""
                SELECT * FROM store_notifications
                WHERE status = \(bind: InboundNotification.Status.received.rawValue)
                    AND received_at < \(bind: receivedBefore.milliseconds)
                ORDER BY received_at, notification_id LIMIT \(bind: max(1, limit))
                """).all().map(Self.notification(from:))
        }
    }

    private static func store(_ row: any SQLRow) throws -> Store {
        let name = try row.string("store")
        guard let store = Store(rawValue: name) else { throw StorageError(.corruptRecord, "a stored notification names no valid store (\(name))") }
        return store
    }

    static func notification(from row: any SQLRow) throws -> InboundNotification {
        let status = InboundNotification.Status(rawValue: try row.string("status")) ?? .received
        let settledAt = try row.optionalInt64("settled_at")
        return InboundNotification(
            appID: try row.string("app_id"), notificationID: try row.string("notification_id"),
            store: try Self.store(row), version: Int(try row.int64("version")),
            receivedAt: Instant(milliseconds: try row.int64("received_at")), sealedBody: try row.data("sealed_body"),
            status: status,
            outcome: try settledAt.map { settled in
                InboundNotification.Outcome(
                    status: status, notificationUUID: try row.optionalString("notification_uuid"),
                    notificationType: try row.optionalString("notification_type"),
                    subtype: try row.optionalString("subtype"), errorCode: try row.optionalString("error_code"),
                    settledAt: Instant(milliseconds: settled)
                )
            },
            bodyBytes: try row.optionalInt64("body_bytes").map(Int.init)
        )
    }
}
