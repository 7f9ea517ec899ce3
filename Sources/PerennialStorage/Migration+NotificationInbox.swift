extension Migration {
    /// Version 2: the inbox of store notifications, kept before they are acknowledged.
    static let notificationInbox = Migration(version: 2, name: "notification_inbox") { kind in
        let bytes = kind == .sqlite ? "BLOB" : "BYTEA"
        return [
            """
            CREATE TABLE store_notifications (
                app_id TEXT NOT NULL,
                notification_id TEXT NOT NULL,
                store TEXT NOT NULL,
                version INTEGER NOT NULL,
                received_at BIGINT NOT NULL,
                sealed_body \(bytes),
                status TEXT NOT NULL,
                notification_uuid TEXT,
                notification_type TEXT,
                subtype TEXT,
                error_code TEXT,
                settled_at BIGINT,
                PRIMARY KEY (app_id, notification_id)
            )
            """,
            "CREATE INDEX store_notifications_received ON store_notifications (app_id, received_at)",
            "CREATE INDEX store_notifications_uuid ON store_notifications (app_id, notification_uuid)",
        ]
    }
}
