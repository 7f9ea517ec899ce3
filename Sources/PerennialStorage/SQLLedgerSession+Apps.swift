import PerennialCore
import PerennialServices
import SQLKit

extension SQLLedgerSession {
    /// Inserts the app, or replaces its bundle id, sealed credentials and `updatedAt`.
    public func saveApp(_ app: AppRecord) async throws {
        try await sql.raw("""
            INSERT INTO apps (id, bundle_id, sealed_credentials, updated_at)
            VALUES (\(bind: app.id), \(bind: app.bundleID), \(bind: app.sealedCredentials), \(bind: app.updatedAt.milliseconds))
            ON CONFLICT (id) DO UPDATE SET
                bundle_id = excluded.bundle_id,
                sealed_credentials = excluded.sealed_credentials,
                updated_at = excluded.updated_at
            """).run()
    }

    /// The stored app, if any.
    public func app(id: String) async throws -> AppRecord? {
        guard let row = try await sql.raw("""
            SELECT id, bundle_id, sealed_credentials, updated_at FROM apps WHERE id = \(bind: id)
            """).first()
        else { return nil }
        return try Self.appRecord(row)
    }

    /// The stored app with the smallest id, if any.
    public func anyApp() async throws -> AppRecord? {
        guard let row = try await sql.raw("""
            SELECT id, bundle_id, sealed_credentials, updated_at FROM apps ORDER BY id LIMIT 1
            """).first()
        else { return nil }
        return try Self.appRecord(row)
    }

    private static func appRecord(_ row: any SQLRow) throws -> AppRecord {
        AppRecord(
            id: try row.string("id"), bundleID: try row.string("bundle_id"),
            sealedCredentials: try row.data("sealed_credentials"),
            updatedAt: Instant(milliseconds: try row.int64("updated_at"))
        )
    }
}
