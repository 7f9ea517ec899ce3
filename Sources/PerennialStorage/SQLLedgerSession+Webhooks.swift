import PerennialCore
import PerennialServices
import SQLKit

extension SQLLedgerSession {
    static let endpointColumns = """
        app_id, id, url, kinds, enabled, headers, description, sealed_secrets, source, created_at, updated_at,
        failing_since, disabled_reason
        """

    public func webhookEndpoints(appID: String) async throws -> [WebhookEndpointRecord] {
        try await sql.raw("""
            SELECT \(unsafeRaw: Self.endpointColumns) FROM webhook_endpoints WHERE app_id = \(bind: appID)
            ORDER BY created_at, id
            """).all().map(Self.endpoint(from:))
    }

    public func recordingWebhookEndpoints(appID: String) async throws -> [WebhookEndpointRecord] {
        if endpointChanges.happened { return try await webhookEndpoints(appID: appID) }
        return try await endpointCache.endpoints(appID: appID) { try await webhookEndpoints(appID: appID) }
    }

    /// Notes that this transaction changed an endpoint, and clears the cache for everyone.
    private func noteEndpointChange() {
        endpointChanges.note()
        endpointCache.invalidate()
    }

    public func webhookEndpoint(appID: String, id: String) async throws -> WebhookEndpointRecord? {
        try await sql.raw("""
            SELECT \(unsafeRaw: Self.endpointColumns) FROM webhook_endpoints WHERE app_id = \(bind: appID) AND id = \(bind: id)
            """).first().map(Self.endpoint(from:))
    }

    public func saveWebhookEndpoint(_ endpoint: WebhookEndpointRecord) async throws {
        noteEndpointChange()
        try await sql.raw("""
            INSERT INTO webhook_endpoints (\(unsafeRaw: Self.endpointColumns))
            VALUES (\(bind: endpoint.appID), \(bind: endpoint.id), \(bind: endpoint.url),
                    \(bind: endpoint.kinds.joined(separator: ",")), \(bind: endpoint.isEnabled ? 1 : 0),
                    \(bind: try JSONBody.encode(endpoint.headers)), \(bind: endpoint.description), \(bind: endpoint.sealedSecrets),
                    \(bind: endpoint.source), \(bind: endpoint.createdAt.milliseconds), \(bind: endpoint.updatedAt.milliseconds),
                    \(bind: endpoint.failingSince?.milliseconds), \(bind: endpoint.disabledReason))
            ON CONFLICT (app_id, id) DO UPDATE SET
                url = excluded.url, kinds = excluded.kinds, enabled = excluded.enabled, headers = excluded.headers,
                description = excluded.description, sealed_secrets = excluded.sealed_secrets, source = excluded.source,
                updated_at = excluded.updated_at, failing_since = excluded.failing_since,
                disabled_reason = excluded.disabled_reason
            """).run()
    }

    public func deleteWebhookEndpoint(appID: String, id: String) async throws -> Bool {
        noteEndpointChange()
        guard try await sql.raw("""
            DELETE FROM webhook_endpoints WHERE app_id = \(bind: appID) AND id = \(bind: id) RETURNING id
            """).first() != nil
        else { return false }
        try await insertDeferredDeliveries()
        // What was still owed to it becomes dead letters, which nothing sends (the dispatcher reads endpoints).
        try await sql.raw("""
            UPDATE webhook_deliveries SET state = 'failed', last_error = 'endpoint_removed', next_attempt_at = NULL,
                lease_expires_at = NULL
            WHERE app_id = \(bind: appID) AND endpoint_id = \(bind: id) AND state = 'pending'
            """).run()
        return true
    }

    static func endpoint(from row: any SQLRow) throws -> WebhookEndpointRecord {
        let kinds = try row.string("kinds")
        return WebhookEndpointRecord(
            id: try row.string("id"), appID: try row.string("app_id"), url: try row.string("url"),
            kinds: kinds.isEmpty ? [] : kinds.split(separator: ",").map(String.init),
            isEnabled: try row.int64("enabled") != 0,
            headers: try JSONBody.decode([String: String].self, from: try row.string("headers")),
            description: try row.string("description"), sealedSecrets: try row.data("sealed_secrets"),
            source: try row.string("source"), createdAt: Instant(milliseconds: try row.int64("created_at")),
            updatedAt: Instant(milliseconds: try row.int64("updated_at")),
            failingSince: try row.optionalInt64("failing_since").map(Instant.init(milliseconds:)),
            disabledReason: try row.optionalString("disabled_reason")
        )
    }
}
