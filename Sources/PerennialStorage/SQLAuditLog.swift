import PerennialCore
import PerennialServices
import SQLKit

/// The `AuditLog` on an SQL database, in the `audit_log` table. Entries are only ever added (and, once, given
/// their status); ids increase, which orders entries recorded in the same millisecond.
public struct SQLAuditLog: AuditLog {
    let database: PerennialDatabase

    public init(database: PerennialDatabase) {
        self.database = database
    }

    @discardableResult
    public func record(_ entry: AuditEntry) async throws -> Int64 {
        try await database.atomically(.write) { session in
            guard let row = try await session.sql.raw("""
                INSERT INTO audit_log (app_id, occurred_at, key_role, key_fingerprint, method, path, status, actor)
                VALUES (\(bind: entry.appID), \(bind: entry.occurredAt.milliseconds), \(bind: entry.keyRole),
                        \(bind: entry.keyFingerprint), \(bind: entry.method), \(bind: entry.path), \(bind: entry.status),
                        \(bind: entry.actor))
                RETURNING id
                """).first() else {
                throw StorageError(.writeConflict, "the audit entry was not stored")
            }
            return try row.int64("id")
        }
    }

    public func complete(id: Int64, status: Int) async throws {
        try await database.atomically(.write) { session in
            try await session.sql.raw("UPDATE audit_log SET status = \(bind: status) WHERE id = \(bind: id)").run()
        }
    }

    public func entries(appID: String, limit: Int) async throws -> [AuditEntry] {
        try await database.atomically(.read) { session in
            try await session.sql.raw("""
                SELECT * FROM audit_log WHERE app_id = \(bind: appID)
                ORDER BY occurred_at DESC, id DESC LIMIT \(bind: max(1, limit))
                """).all().map(Self.entry(from:))
        }
    }

    public func entries(appIDs: [String], before: Int64?, limit: Int) async throws -> [AuditEntry] {
        guard !appIDs.isEmpty else { return [] }
        return try await database.atomically(.read) { session in
            let cursor = before.map { " AND id < \($0)" } ?? ""
            return try await session.sql.raw("""
                SELECT * FROM audit_log WHERE app_id IN (\(binds: appIDs))\(unsafeRaw: cursor)
                ORDER BY id DESC LIMIT \(bind: max(1, limit))
                """).all().map(Self.entry(from:))
        }
    }

    static func entry(from row: any SQLRow) throws -> AuditEntry {
        AuditEntry(
            id: try row.int64("id"), occurredAt: Instant(milliseconds: try row.int64("occurred_at")), appID: try row.string("app_id"),
            keyRole: try row.string("key_role"), keyFingerprint: try row.string("key_fingerprint"), method: try row.string("method"),
            path: try row.string("path"), status: try row.optionalInt64("status").map(Int.init),
            actor: try row.optionalString("actor")
        )
    }
}
