extension Migration {
    /// Version 7: what status polling, notification catch-up and the job admin need — the app a job works
    /// for, when each subscription was last polled and whether it renews, and per-app cursors (the instant
    /// up to which the store's notification history has been read), and a way to find notifications whose
    /// processing was interrupted.
    static let polling = Migration(version: 7, name: "polling") { _ in
        [
            "ALTER TABLE jobs ADD COLUMN app_id TEXT",
            "CREATE INDEX jobs_app ON jobs (app_id, state)",
            "ALTER TABLE subscriptions ADD COLUMN will_renew BIGINT",
            "ALTER TABLE subscriptions ADD COLUMN polled_at BIGINT",
            "CREATE INDEX subscriptions_expiry ON subscriptions (app_id, expires_at)",
            "CREATE INDEX store_notifications_status ON store_notifications (status, received_at)",
            """
            CREATE TABLE app_cursors (
                app_id TEXT NOT NULL,
                name TEXT NOT NULL,
                position BIGINT NOT NULL,
                updated_at BIGINT NOT NULL,
                PRIMARY KEY (app_id, name)
            )
            """,
        ]
    }
}
