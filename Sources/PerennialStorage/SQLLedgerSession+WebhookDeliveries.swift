import PerennialCore
import PerennialServices
import SQLKit

extension SQLLedgerSession {
    static let deliveryColumns = """
        id, app_id, endpoint_id, event_sequence, message_id, kind, app_user_id, body, occurred_at, created_at,
        replay_of, ordering_position, state, attempts, last_status, last_error, last_latency_ms, last_attempt_at, next_attempt_at, delivered_at
        """

    /// Inserts the deliveries, up to 100 per statement (after those the write deferred), and returns their
    /// ids in the order given.
    public func recordWebhookDeliveries(_ deliveries: [NewWebhookDelivery]) async throws -> [Int64] {
        try await insertDeferredDeliveries()
        return try await Self.insert(deliveries, into: sql)
    }

    public func recordWebhookDeliveriesAtCommit(_ deliveries: [NewWebhookDelivery]) async throws {
        session.deferredDeliveries.append(deliveries)
    }

    /// Inserts the deliveries this write deferred (`DeferredRows`): first thing in every statement of the
    /// write that reads or changes deliveries other than by their ids (which a deferred one does not have yet).
    func insertDeferredDeliveries() async throws {
        try await Self.insertDeferredDeliveries(of: session)
    }

    static func insertDeferredDeliveries(of session: DatabaseSession) async throws {
        let waiting = session.deferredDeliveries.takeWaiting()
        guard !waiting.isEmpty else { return }
        _ = try await insert(waiting, into: session.sql)
    }

    /// How many deliveries one insert statement takes.
    static let deliveriesPerInsert = 100

    static func insert(_ deliveries: [NewWebhookDelivery], into sql: any SQLDatabase) async throws -> [Int64] {
        var ids: [Int64] = []
        for start in stride(from: 0, to: deliveries.count, by: deliveriesPerInsert) {
            let part = Array(deliveries[start..<min(start + deliveriesPerInsert, deliveries.count)])
            let returned = try await sql.raw(deliveryInsert(part)).all().map { try $0.int64("id") }
            guard returned.count == part.count else {
                throw StorageError(.corruptRecord, "webhook deliveries' ids were not all returned")
            }
            // Ids are taken in the order the rows are given, one after another: sorted, they follow it.
            ids += returned.sorted()
        }
        return ids
    }

    /// The statement inserting up to `deliveriesPerInsert` deliveries, returning their ids.
    static func deliveryInsert(_ deliveries: [NewWebhookDelivery]) -> SQLQueryString {
        let rows = deliveries.map { delivery -> SQLQueryString in
            """
            (\(bind: delivery.appID), \(bind: delivery.endpointID), \(bind: delivery.eventSequence), \(bind: delivery.messageID),
             \(bind: delivery.kind), \(bind: delivery.appUserID), \(bind: delivery.body), \(bind: delivery.occurredAt.milliseconds),
             \(bind: delivery.createdAt.milliseconds), \(bind: delivery.replayOf), \(bind: delivery.orderingPosition),
             \(bind: WebhookDeliveryState.pending.rawValue), 0, \(bind: delivery.createdAt.milliseconds))
            """
        }
        return """
            INSERT INTO webhook_deliveries (app_id, endpoint_id, event_sequence, message_id, kind, app_user_id, body,
                                            occurred_at, created_at, replay_of, ordering_position, state, attempts,
                                            next_attempt_at)
            VALUES \(rows.joined(separator: ", "))
            RETURNING id
            """
    }

    public func webhookDelivery(appID: String, id: Int64) async throws -> WebhookDeliveryRecord? {
        try await sql.raw("""
            SELECT \(unsafeRaw: Self.deliveryColumns) FROM webhook_deliveries WHERE app_id = \(bind: appID) AND id = \(bind: id)
            """).first().map(Self.delivery(from:))
    }

    public func recordWebhookAttempt(deliveryID: Int64, _ attempt: WebhookAttempt) async throws {
        try await recordWebhookAttempts([(deliveryID, attempt)])
    }

    /// One statement per 100 attempts: their values as a table (`WITH … AS (VALUES …)`, which both
    /// databases read; typed by casts, which PostgreSQL needs for a column whose first values are NULL).
    public func recordWebhookAttempts(_ attempts: [(deliveryID: Int64, attempt: WebhookAttempt)]) async throws {
        for start in stride(from: 0, to: attempts.count, by: 100) {
            let rows = attempts[start..<min(start + 100, attempts.count)].map { deliveryID, attempt -> SQLQueryString in
                let deliveredAt: Int64? = attempt.state == .delivered ? attempt.attemptedAt.milliseconds : nil
                return """
                    (CAST(\(bind: deliveryID) AS BIGINT), CAST(\(bind: attempt.state.rawValue) AS TEXT),
                     CAST(\(bind: attempt.status.map(Int64.init)) AS BIGINT), CAST(\(bind: attempt.error) AS TEXT),
                     CAST(\(bind: attempt.latencyMilliseconds) AS BIGINT), CAST(\(bind: attempt.attemptedAt.milliseconds) AS BIGINT),
                     CAST(\(bind: attempt.nextAttemptAt?.milliseconds) AS BIGINT), CAST(\(bind: deliveredAt) AS BIGINT))
                    """
            }
            try await sql.raw("""
                WITH outcome (id, state, status, error, latency, attempted_at, next_attempt_at, delivered_at) AS (
                    VALUES \(rows.joined(separator: ", "))
                )
                UPDATE webhook_deliveries SET state = outcome.state, attempts = webhook_deliveries.attempts + 1,
                    last_status = outcome.status, last_error = outcome.error, last_latency_ms = outcome.latency,
                    last_attempt_at = outcome.attempted_at, next_attempt_at = outcome.next_attempt_at,
                    delivered_at = COALESCE(webhook_deliveries.delivered_at, outcome.delivered_at), lease_expires_at = NULL
                FROM outcome
                WHERE webhook_deliveries.id = outcome.id
                    AND (webhook_deliveries.state = \(bind: WebhookDeliveryState.pending.rawValue)
                        OR outcome.state = \(bind: WebhookDeliveryState.delivered.rawValue))
                """).run()
        }
    }

    public func reopenWebhookDelivery(appID: String, id: Int64, at now: Instant) async throws -> WebhookDeliveryRecord? {
        try await sql.raw("""
            UPDATE webhook_deliveries SET state = \(bind: WebhookDeliveryState.pending.rawValue),
                next_attempt_at = \(bind: now.milliseconds), lease_expires_at = NULL
            WHERE app_id = \(bind: appID) AND id = \(bind: id) AND state = \(bind: WebhookDeliveryState.failed.rawValue)
            RETURNING \(unsafeRaw: Self.deliveryColumns)
            """).first().map(Self.delivery(from:))
    }

    public func webhookDeliveries(
        appID: String, endpointID: String, state: WebhookDeliveryState?, before: Int64?, limit: Int
    ) async throws -> [WebhookDeliveryRecord] {
        guard limit > 0 else { return [] }
        try await insertDeferredDeliveries()
        var query: SQLQueryString = """
            SELECT \(unsafeRaw: Self.deliveryColumns) FROM webhook_deliveries
            WHERE app_id = \(bind: appID) AND endpoint_id = \(bind: endpointID)
            """
        if let state { query += " AND state = \(bind: state.rawValue)" }
        if let before { query += " AND id < \(bind: before)" }
        query += " ORDER BY id DESC LIMIT \(bind: Int64(limit))"
        return try await sql.raw(query).all().map(Self.delivery(from:))
    }

    public func webhookDeliveriesToReplay(
        appID: String, endpointID: String, from: Instant, to: Instant, after: Int64, limit: Int
    ) async throws -> [WebhookDeliveryRecord] {
        guard limit > 0 else { return [] }
        try await insertDeferredDeliveries()
        return try await sql.raw("""
            SELECT \(unsafeRaw: Self.deliveryColumns) FROM webhook_deliveries
            WHERE app_id = \(bind: appID) AND endpoint_id = \(bind: endpointID) AND replay_of IS NULL
                AND occurred_at >= \(bind: from.milliseconds) AND occurred_at <= \(bind: to.milliseconds)
                AND id > \(bind: after)
            ORDER BY id
            LIMIT \(bind: Int64(limit))
            """).all().map(Self.delivery(from:))
    }

    static func delivery(from row: any SQLRow) throws -> WebhookDeliveryRecord {
        let stateText = try row.string("state")
        guard let state = WebhookDeliveryState(rawValue: stateText) else {
            throw StorageError(.corruptRecord, "a webhook delivery has the unknown state '\(stateText)'")
        }
        let instant = { (column: String) in try row.optionalInt64(column).map(Instant.init(milliseconds:)) }
        return WebhookDeliveryRecord(
            id: try row.int64("id"),
            delivery: NewWebhookDelivery(
                appID: try row.string("app_id"), endpointID: try row.string("endpoint_id"),
                eventSequence: try row.int64("event_sequence"), messageID: try row.string("message_id"),
                kind: try row.string("kind"), appUserID: try row.string("app_user_id"), body: try row.string("body"),
                occurredAt: Instant(milliseconds: try row.int64("occurred_at")),
                createdAt: Instant(milliseconds: try row.int64("created_at")), replayOf: try row.optionalInt64("replay_of"),
                orderingPosition: try row.int64("ordering_position")
            ),
            state: state, attempts: Int(try row.int64("attempts")), lastStatus: try row.optionalInt64("last_status").map(Int.init),
            lastError: try row.optionalString("last_error"), lastLatencyMilliseconds: try row.optionalInt64("last_latency_ms"),
            lastAttemptAt: try instant("last_attempt_at"), nextAttemptAt: try instant("next_attempt_at"),
            deliveredAt: try instant("delivered_at")
        )
    }
}
