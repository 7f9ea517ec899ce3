/// What an atomic unit of work (a database transaction) may do, which decides how it begins.
enum AccessMode: Sendable {
    /// Reads and writes. SQLite: `BEGIN IMMEDIATE`, taking the write lock at once, so two processes on one
    /// file fail fast (after `busy_timeout`) instead of deadlocking on a lock upgrade. PostgreSQL: `BEGIN`
    /// (read committed; writers coordinate through row locks and advisory locks).
    case write
    /// Reads only, from one consistent snapshot. PostgreSQL: `REPEATABLE READ READ ONLY`.
    case read

    func beginStatement(for kind: DatabaseKind) -> String {
        switch (self, kind) {
        case (.write, .sqlite): "BEGIN IMMEDIATE"
        case (.read, .sqlite): "BEGIN DEFERRED"
        case (.write, .postgresql): "BEGIN"
        case (.read, .postgresql): "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
        }
    }
}
