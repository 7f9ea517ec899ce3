/// Where admin actions are recorded (who, what, when, with what result), per app.
public protocol AuditLog: Sendable {
    /// Stores an entry; returns its id.
    @discardableResult
    func record(_ entry: AuditEntry) async throws -> Int64

    /// Sets the status of an entry recorded before its request finished.
    func complete(id: Int64, status: Int) async throws

    /// An app's entries, newest first.
    func entries(appID: String, limit: Int) async throws -> [AuditEntry]

    /// The entries of any of `appIDs`, newest first, older than the entry `before` when given (a page's cursor).
    func entries(appIDs: [String], before: Int64?, limit: Int) async throws -> [AuditEntry]
}
