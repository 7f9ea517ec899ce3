import Logging
import PerennialServices
import SQLKit
import Synchronization

/// One database connection held for a unit of work: a transaction, a migration.
///
/// The session in use is published in the task-local `current` for one purpose only: a storage call made
/// while it is held is refused (`StorageError.Code.nestedSession`) instead of waiting for another
/// connection — on SQLite there is only one, and waiting would never end. Work inside a transaction goes
/// through the session that transaction hands out (a job enqueued by a ledger write: `LedgerSession.enqueue`).
final class DatabaseSession: Sendable {
    /// The session held by the current task, if any.
    @TaskLocal static var current: DatabaseSession?

    /// Runs SQL on the session's connection. Query logging is off: binds carry sealed data.
    let sql: any SQLDatabase
    let kind: DatabaseKind
    let logger: Logger
    /// Identifies the `PerennialDatabase` the session belongs to.
    let ownerID: ObjectIdentifier
    /// The driver's connection `sql` runs on, for the busiest reads, which skip SQLKit's generic layer.
    let driver: SessionDriver
    /// Webhook deliveries inserted when the transaction commits.
    let deferredDeliveries = DeferredRows<NewWebhookDelivery>()
    /// Cells added to the metric rollups when the transaction commits, summed.
    let deferredRollupCells = DeferredRows<DeferredRollupCell>()
    /// Writes of rows nothing reads before the transaction ends (a notification's settlement), sent with its
    /// last statement on PostgreSQL (`SQLLedgerSession.sendDeferredWrites`), else just before it commits.
    let deferredStatements = DeferredRows<SQLQueryString>()

    private struct State {
        var isActive = true
        var nestingDepth = 0
        var isBroken = false
        var nextSavepoint = 0
    }

    private let state = Mutex(State())

    init(
        sql: any SQLDatabase, kind: DatabaseKind, logger: Logger, ownerID: ObjectIdentifier,
        driver: SessionDriver, timing: StatementTiming
    ) {
        self.sql = CountingSQLDatabase(base: sql, kind: kind, timing: timing)
        self.kind = kind
        self.logger = logger
        self.ownerID = ownerID
        self.driver = driver
    }

    /// Whether the connection is still held; a task that inherited the session after it ended must not use it.
    var isActive: Bool { state.withLock { $0.isActive } }

    /// Whether a transaction could not be ended cleanly; the connection must not be reused.
    var isBroken: Bool { state.withLock { $0.isBroken } }

    /// How many transactions (the outermost and its savepoints) are open.
    var nestingDepth: Int { state.withLock { $0.nestingDepth } }

    func end() {
        state.withLock { $0.isActive = false }
    }

    func markBroken() {
        state.withLock { $0.isBroken = true }
    }

    /// Opens one more transaction level; returns the new depth and a savepoint number unique in the session.
    func enterNesting() -> (depth: Int, savepoint: Int) {
        state.withLock {
            $0.nestingDepth += 1
            $0.nextSavepoint += 1
            return ($0.nestingDepth, $0.nextSavepoint)
        }
    }

    func leaveNesting() {
        state.withLock { $0.nestingDepth -= 1 }
    }
}
