extension Migration {
    /// Version 20: the outbox webhooks and the event feed stand on.
    /// - Events are never deleted: a retracted one is marked (`retracted_at`; its fingerprint gains a suffix
    ///   so a fuller history may record it again) and an `event_retracted` event records why.
    /// - Each event gets its customer's next number (`customer_sequence`, from `customers.event_count`,
    ///   taken under the customer row's lock) and, as its write commits, its place in the app's feed
    ///   (`feed_position`, from `event_feed_heads`, taken last in the write so positions follow commits).
    ///   Existing events keep their order: both start from their sequence.
    /// - Jobs gain an ordering key: a job runs only when no job of its key with a lower position waits or runs.
    /// - Webhook endpoints, and the deliveries owed to them (never deleted).
    static let webhookOutbox = Migration(version: 20, name: "webhook_outbox") { kind in
        let serial = kind == .postgresql ? "BIGSERIAL PRIMARY KEY" : "INTEGER PRIMARY KEY AUTOINCREMENT"
        let bytes = kind == .postgresql ? "BYTEA" : "BLOB"
        return [
            "ALTER TABLE events ADD COLUMN customer_sequence BIGINT",
            "ALTER TABLE events ADD COLUMN feed_position BIGINT",
            "ALTER TABLE events ADD COLUMN retracted_at BIGINT",
            #"UPDATE events SET customer_sequence = "sequence", feed_position = "sequence""#,
            "CREATE UNIQUE INDEX events_feed ON events (app_id, feed_position)",
            "ALTER TABLE customers ADD COLUMN event_count BIGINT NOT NULL DEFAULT 0",
            """
            UPDATE customers SET event_count = COALESCE((
                SELECT MAX(e."sequence") FROM events e
                WHERE e.app_id = customers.app_id AND e.app_user_id = customers.app_user_id), 0)
            """,
            """
            CREATE TABLE event_feed_heads (
                app_id TEXT NOT NULL PRIMARY KEY,
                position BIGINT NOT NULL
            )
            """,
            """
            INSERT INTO event_feed_heads (app_id, position)
            SELECT app_id, MAX("sequence") FROM events GROUP BY app_id
            """,
            "ALTER TABLE jobs ADD COLUMN ordering_key TEXT",
            "ALTER TABLE jobs ADD COLUMN ordering_position BIGINT",
            "CREATE INDEX jobs_ordering ON jobs (ordering_key, ordering_position)",
            """
            CREATE TABLE webhook_endpoints (
                app_id TEXT NOT NULL,
                id TEXT NOT NULL,
                url TEXT NOT NULL,
                kinds TEXT NOT NULL,
                enabled BIGINT NOT NULL,
                headers TEXT NOT NULL,
                description TEXT NOT NULL,
                sealed_secrets \(bytes) NOT NULL,
                source TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL,
                failing_since BIGINT,
                disabled_reason TEXT,
                PRIMARY KEY (app_id, id)
            )
            """,
            """
            CREATE TABLE webhook_deliveries (
                id \(serial),
                app_id TEXT NOT NULL,
                endpoint_id TEXT NOT NULL,
                event_sequence BIGINT NOT NULL,
                message_id TEXT NOT NULL,
                kind TEXT NOT NULL,
                app_user_id TEXT NOT NULL,
                body TEXT NOT NULL,
                occurred_at BIGINT NOT NULL,
                created_at BIGINT NOT NULL,
                replay_of BIGINT,
                ordering_position BIGINT NOT NULL,
                state TEXT NOT NULL,
                attempts BIGINT NOT NULL DEFAULT 0,
                last_status BIGINT,
                last_error TEXT,
                last_latency_ms BIGINT,
                last_attempt_at BIGINT,
                next_attempt_at BIGINT,
                delivered_at BIGINT
            )
            """,
            "CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (app_id, endpoint_id, id)",
            "CREATE INDEX webhook_deliveries_occurred ON webhook_deliveries (app_id, endpoint_id, occurred_at)",
        ]
    }
}
