import PerennialServices
import Tracing

/// The `Ledger` on an SQL database (SQLite or PostgreSQL).
///
/// On SQLite, transactions run one at a time on the single connection (see `SQLiteBackend`), which also
/// makes `lockSubscription` unnecessary. On PostgreSQL they run concurrently on pooled connections, in
/// read-committed isolation; `lockSubscription` takes a transaction-scoped advisory lock.
///
/// A write's last statements give the events it recorded their places in the app's feed
/// (`stampEventFeed`), so feed positions follow the order writes commit.
///
/// A write does everything through the `LedgerSession` it is given (a job it decides on:
/// `LedgerSession.enqueue`); a nested `write` or `read` of the same database from inside one is refused
/// (`StorageError.Code.nestedSession`).
public struct SQLLedger: Ledger {
    let database: PerennialDatabase

    /// A ledger on an open (and migrated) database.
    public init(database: PerennialDatabase) {
        self.database = database
    }

    /// Runs `body` in a write transaction; rolls back when it throws or the task is cancelled. Traced as a
    /// `ledger.write` span when tracing is on.
    public func write<Result: Sendable>(
        _ body: @escaping @Sendable (any LedgerSession) async throws -> Result
    ) async throws -> Result {
        try await traced("ledger.write") {
            try await database.atomically(.write) { session in
                let ledger = SQLLedgerSession(session: session, endpointCache: database.webhookEndpointCache)
                let result = try await body(ledger)
                try await ledger.stampEventFeed()
                return result
            }
        }
    }

    /// A write that may share its transaction with others (group commit); its span, `ledger.grouped_write`,
    /// includes the wait for the batch.
    public func groupedWrite<Result: Sendable>(
        _ body: @escaping @Sendable (any LedgerSession) async throws -> Result
    ) async throws -> Result {
        try await traced("ledger.grouped_write") {
            try await database.groupedWrite { session in
                let ledger = SQLLedgerSession(session: session, endpointCache: database.webhookEndpointCache)
                let result = try await body(ledger)
                try await ledger.stampEventFeed()
                return result
            }
        }
    }

    private func traced<Result: Sendable>(_ name: String, _ write: () async throws -> Result) async throws -> Result {
        try await withSpan(name, ofKind: .internal) { span in
            span.attributes["db.system"] = database.kind.rawValue
            return try await write()
        }
    }

    /// Runs `body` in a read-only transaction (PostgreSQL: one repeatable-read snapshot).
    public func read<Result: Sendable>(
        _ body: @escaping @Sendable (any LedgerSession) async throws -> Result
    ) async throws -> Result {
        try await database.atomically(.read) { session in
            try await body(SQLLedgerSession(session: session, endpointCache: database.webhookEndpointCache))
        }
    }
}
