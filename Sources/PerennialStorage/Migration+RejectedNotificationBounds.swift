extension Migration {
    /// Version 10: each notification's body size, and an index to find an app's rejected notifications
    /// oldest first, so the rejected store can be bounded (`RejectedNotificationRetention`).
    static let rejectedNotificationBounds = Migration(version: 10, name: "rejected_notification_bounds") { _ in
        [
            "ALTER TABLE store_notifications ADD COLUMN body_bytes BIGINT",
            "CREATE INDEX store_notifications_app_status ON store_notifications (app_id, status, received_at)",
        ]
    }
}
