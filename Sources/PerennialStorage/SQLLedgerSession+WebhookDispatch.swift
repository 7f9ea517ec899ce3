import PerennialCore
import PerennialServices
import SQLKit

/// The dispatcher's side of the webhook outbox: pending deliveries read through their partial index
/// (`webhook_deliveries_pending`, whose predicate each statement repeats literally so that both databases
/// use it), leased in batches, released.
extension SQLLedgerSession {
    private static let pending = "state = 'pending'"

    public func everyWebhookEndpoint() async throws -> [WebhookEndpointRecord] {
        try await sql.raw("""
            SELECT \(unsafeRaw: Self.endpointColumns) FROM webhook_endpoints ORDER BY app_id, created_at, id
            """).all().map(Self.endpoint(from:))
    }

    public func pendingWebhookDeliveries(appID: String, endpointID: String, after: Int64, limit: Int) async throws -> [PendingWebhookDelivery] {
        guard limit > 0 else { return [] }
        try await insertDeferredDeliveries()
        return try await sql.raw("""
            SELECT id, app_user_id, next_attempt_at, lease_expires_at FROM webhook_deliveries
            WHERE app_id = \(bind: appID) AND endpoint_id = \(bind: endpointID) AND \(unsafeRaw: Self.pending) AND id > \(bind: after)
            ORDER BY id
            LIMIT \(bind: Int64(limit))
            """).all().map { row in
            PendingWebhookDelivery(
                id: try row.int64("id"), appUserID: try row.string("app_user_id"),
                nextAttemptAt: try row.optionalInt64("next_attempt_at").map(Instant.init(milliseconds:)),
                leaseExpiresAt: try row.optionalInt64("lease_expires_at").map(Instant.init(milliseconds:)))
        }
    }

    public func leaseWebhookDeliveries(ids: [Int64], now: Instant, until: Instant) async throws -> [WebhookDeliveryRecord] {
        guard !ids.isEmpty else { return [] }
        return try await sql.raw("""
            UPDATE webhook_deliveries SET lease_expires_at = \(bind: until.milliseconds)
            WHERE id IN (\(binds: ids)) AND \(unsafeRaw: Self.pending)
                AND (lease_expires_at IS NULL OR lease_expires_at <= \(bind: now.milliseconds))
                AND (next_attempt_at IS NULL OR next_attempt_at <= \(bind: now.milliseconds))
            RETURNING \(unsafeRaw: Self.deliveryColumns)
            """).all().map(Self.delivery(from:)).sorted { $0.id < $1.id }
    }

    /// A statement per thousand deliveries.
    public func releaseWebhookDeliveries(ids: [Int64]) async throws {
        for start in stride(from: 0, to: ids.count, by: 1_000) {
            let part = Array(ids[start..<min(start + 1_000, ids.count)])
            try await sql.raw("UPDATE webhook_deliveries SET lease_expires_at = NULL WHERE id IN (\(binds: part))").run()
        }
    }

    public func failPendingWebhookDeliveries(appID: String, endpointID: String, error: String, at now: Instant) async throws -> Int {
        try await insertDeferredDeliveries()
        return try await sql.raw("""
            UPDATE webhook_deliveries SET state = 'failed', last_error = \(bind: error), last_attempt_at = \(bind: now.milliseconds),
                next_attempt_at = NULL, lease_expires_at = NULL
            WHERE app_id = \(bind: appID) AND endpoint_id = \(bind: endpointID) AND \(unsafeRaw: Self.pending)
            RETURNING id
            """).all().count
    }

    public func webhookOutboxCounts(now: Instant) async throws -> [WebhookOutboxCount] {
        try await insertDeferredDeliveries()
        return try await sql.raw("""
            SELECT app_id, endpoint_id, COUNT(*) AS pending,
                MIN(CASE WHEN line = 1 AND next_attempt_at <= \(bind: now.milliseconds) THEN next_attempt_at END) AS earliest_due
            FROM (
                SELECT app_id, endpoint_id, next_attempt_at,
                    ROW_NUMBER() OVER (PARTITION BY app_id, endpoint_id, app_user_id ORDER BY id) AS line
                FROM webhook_deliveries WHERE \(unsafeRaw: Self.pending)
            ) owed
            GROUP BY app_id, endpoint_id
            ORDER BY app_id, endpoint_id
            """).all().map { row in
            WebhookOutboxCount(
                appID: try row.string("app_id"), endpointID: try row.string("endpoint_id"), pending: Int(try row.int64("pending")),
                earliestDueAt: try row.optionalInt64("earliest_due").map(Instant.init(milliseconds:)))
        }
    }

    public func webhookRecipient(
        appID: String, appUserID: String, known: [SubscriptionState]
    ) async throws -> (aliases: [String], subscriptions: [SubscriptionState]) {
        let rows = try await sql.raw("""
            SELECT 0 AS part, alias_app_user_id AS value, NULL AS store, NULL AS id FROM customer_aliases
            WHERE app_id = \(bind: appID) AND app_user_id = \(bind: appUserID)
            UNION ALL
            SELECT 1 AS part, body AS value, store, subscription_id AS id FROM subscriptions
            WHERE app_id = \(bind: appID) AND owner_app_user_id = \(bind: appUserID)
            """).all()
        var aliases: [String] = []
        var subscriptions: [SubscriptionState] = []
        for row in rows {
            if try row.int64("part") == 0 {
                aliases.append(try row.string("value"))
                continue
            }
            let store = try row.string("store"), id = try row.string("id")
            // Decoding a state costs more than the statement: the write's own are taken as they are.
            if let state = known.first(where: { $0.key.store.rawValue == store && $0.key.id.isExactly(id) }) {
                subscriptions.append(state)
            } else {
                subscriptions.append(try JSONBody.decode(SubscriptionState.self, from: try row.string("value")))
            }
        }
        // Sorted here, not in SQL: PostgreSQL's collation may order text differently from Swift.
        return (aliases.sorted(), subscriptions.sorted { $0.key < $1.key })
    }
}
