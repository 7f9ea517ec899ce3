extension Migration {
    /// Version 22: a webhook delivery is its own job. The dispatcher claims pending deliveries from their
    /// table (a lease on the row) in the order they were recorded, so a delivery costs one row and the
    /// partial index of pending ones, instead of a second row in `jobs` with four index entries. The jobs
    /// that used to send deliveries go: their deliveries are still pending, due as they were. The index by
    /// time of occurrence goes too.
    static let webhookDispatch = Migration(version: 22, name: "webhook_dispatch") { _ in
        [
            "ALTER TABLE webhook_deliveries ADD COLUMN lease_expires_at BIGINT",
            """
            CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (app_id, endpoint_id, id)
            WHERE state = 'pending'
            """,
            "DELETE FROM jobs WHERE kind = 'webhook.deliver'",
            // Keyed by when events occurred, which is not when they are recorded: each insert wrote a page of
            // its own. A replay reads an endpoint's deliveries in id order instead (`webhook_deliveries_endpoint`).
            "DROP INDEX webhook_deliveries_occurred",
            // Deliveries owed to endpoints since removed were dropped when their jobs ran; now, when removed.
            """
            UPDATE webhook_deliveries SET state = 'failed', last_error = 'endpoint_removed'
            WHERE state = 'pending' AND NOT EXISTS (
                SELECT 1 FROM webhook_endpoints e WHERE e.app_id = webhook_deliveries.app_id AND e.id = webhook_deliveries.endpoint_id)
            """,
        ]
    }
}
