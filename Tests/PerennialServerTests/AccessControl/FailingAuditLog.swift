import PerennialServices

/// An audit log whose storage is down: every write fails.
struct FailingAuditLog: AuditLog {
    struct Unavailable: Error {}

    func record(_ entry: AuditEntry) async throws -> Int64 { throw Unavailable() }
    func complete(id: Int64, status: Int) async throws { throw Unavailable() }
    func entries(appID: String, limit: Int) async throws -> [AuditEntry] { throw Unavailable() }
    func entries(appIDs: [String], before: Int64?, limit: Int) async throws -> [AuditEntry] { throw Unavailable() }
}
