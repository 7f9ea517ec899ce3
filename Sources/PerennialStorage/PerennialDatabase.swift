import PostgresKit
import PerennialServices
import SQLKit
import SQLiteKit

/// An open database, SQLite or PostgreSQL, shared by the ledger, the job queue and the migrations.
///
/// ```swift
/// let database = try await PerennialDatabase.open(url: "sqlite:///var/lib/perennial/perennial.sqlite")
/// try await Migrations.migrate(database)
/// let ledger = SQLLedger(database: database)
/// let jobs = SQLJobQueue(database: database, clock: SystemClock())
/// …
/// await database.shutdown()
/// ```
///
/// SQLite uses one connection that sessions take in turn (see `SQLiteBackend`); PostgreSQL uses a pool.
/// Call `shutdown()` before the process exits.
public final class PerennialDatabase: Sendable {
    enum Backend: Sendable {
        case sqlite(SQLiteBackend)
        case postgres(PostgresBackend)
    }

    /// Where the database is.
    public let location: DatabaseLocation
    let backend: Backend
    let logger: Logger
    let writeGroup: WriteGroup
    /// Where each statement's time goes (`recordStatements(in:)`).
    let statementTiming: StatementTiming
    /// The apps' webhook endpoints, for the writes that record events (`WebhookEndpointCache`).
    let webhookEndpointCache = WebhookEndpointCache()

    /// The database engine, for `/health`.
    public var kind: DatabaseKind { location.kind }

    /// What the database is doing now, for the metrics: writes waiting for a grouped commit, connections lent
    /// out (SQLite's readers, PostgreSQL's pool) and sessions waiting for one.
    public func load() async -> DatabaseLoad {
        var load = DatabaseLoad(writesWaiting: await writeGroup.depth)
        switch backend {
        case .sqlite(let sqlite):
            if let use = sqlite.readers?.use { (load.connectionsInUse, load.connections) = (use.inUse, use.count) }
        case .postgres(let postgres):
            let use = postgres.use
            (load.connectionsInUse, load.connections, load.sessionsWaiting) = (use.leased, postgres.maximumConnections, use.waiting)
        }
        return load
    }

    private init(
        location: DatabaseLocation, backend: Backend, logger: Logger, groupCommit: GroupCommitSettings, statementTiming: StatementTiming
    ) {
        self.location = location
        self.statementTiming = statementTiming
        self.backend = backend
        self.logger = logger
        // SQLite has one writer: one batch at a time. PostgreSQL commits several at once, a quarter of the pool.
        let lanes = switch backend {
        case .sqlite: 1
        case .postgres(let postgres): max(1, postgres.maximumConnections / 4)
        }
        writeGroup = WriteGroup(settings: groupCommit, lanes: lanes)
    }

    /// Times every statement sent through SQLKit from now on into `telemetry`
    /// (`perennial_database_statement_duration_seconds`); until then, and with `Telemetry.off`, nowhere.
    public func recordStatements(in telemetry: Telemetry) {
        statementTiming.record(in: telemetry)
    }

    /// Opens the database at a URL (see `DatabaseLocation`).
    public static func open(
        url: String, logger: Logger = Logger(label: "perennial.storage"), postgresMaximumConnections: Int = 10,
        groupCommit: GroupCommitSettings? = nil
    ) async throws -> PerennialDatabase {
        try await open(
            DatabaseLocation(url: url), logger: logger, postgresMaximumConnections: postgresMaximumConnections, groupCommit: groupCommit
        )
    }

    /// Opens a database: the SQLite file is created when missing; a PostgreSQL server is contacted once, so a
    /// wrong URL or password fails here with `StorageError.Code.databaseUnavailable`.
    /// - Parameters:
    ///   - postgresMaximumConnections: the size of the PostgreSQL pool (per process).
    ///   - groupCommit: how `groupedWrite`s share transactions; nil: the database's defaults.
    public static func open(
        _ location: DatabaseLocation, logger: Logger = Logger(label: "perennial.storage"),
        postgresMaximumConnections: Int = 10, groupCommit: GroupCommitSettings? = nil
    ) async throws -> PerennialDatabase {
        let backend: Backend
        let timing = StatementTiming()
        switch location.target {
        case .sqliteMemory:
            backend = .sqlite(try await SQLiteBackend.open(storage: .memory, logger: logger, timing: timing))
        case .sqliteFile(let path):
            backend = .sqlite(try await SQLiteBackend.open(storage: .file(path: path), logger: logger, timing: timing))
        case .postgres(let configuration):
            backend = .postgres(
                try await PostgresBackend.open(
                    configuration: configuration, description: location.description,
                    maximumConnections: max(1, postgresMaximumConnections),
                    preparesStatements: location.preparesStatements, logger: logger, timing: timing
                )
            )
        }
        return PerennialDatabase(
            location: location, backend: backend, logger: logger, groupCommit: groupCommit ?? .defaults(for: location.kind),
            statementTiming: timing
        )
    }

    /// Closes the database: waits for SQLite's session in progress, closes PostgreSQL's pool. Safe to call
    /// more than once; afterwards every operation throws `StorageError.Code.connectionClosed`.
    public func shutdown() async {
        switch backend {
        case .sqlite(let sqlite): await sqlite.shutdown()
        case .postgres(let postgres): await postgres.shutdown()
        }
    }

    /// Runs `body` with a session of its own. A task that already holds a session of this database (inside a
    /// ledger write, say) is refused (`StorageError.Code.nestedSession`): what a write does goes through the
    /// session it was given, never through a hidden one, and on SQLite waiting for a second connection
    /// would never end.
    func withSession<Result: Sendable>(
        _ body: @escaping @Sendable (DatabaseSession) async throws -> Result
    ) async throws -> Result {
        let ownerID = ObjectIdentifier(self)
        try refuseNesting()
        let publishing: @Sendable (DatabaseSession) async throws -> Result = { session in
            try await DatabaseSession.$current.withValue(session) { try await body(session) }
        }
        switch backend {
        case .sqlite(let sqlite): return try await sqlite.withSession(ownerID: ownerID, publishing)
        case .postgres(let postgres): return try await postgres.withSession(ownerID: ownerID, publishing)
        }
    }

    /// Whether writes of other processes may change what this one reads (PostgreSQL), so that a cache of
    /// this process must hear of them (`listenForCustomerChanges`).
    public var isShared: Bool { kind == .postgresql }

    /// Listens for the customer changes writers announce (`LedgerSession.announceCustomerChange`), on a
    /// connection of its own: `onListening` once listening, `onChange` at each announcement after its write
    /// committed. Returns or throws when the connection ends; SQLite has nothing to listen to and returns.
    public func listenForCustomerChanges(
        onListening: @escaping @Sendable () async -> Void, onChange: @escaping @Sendable () async -> Void
    ) async throws {
        guard case .postgres(let postgres) = backend else { return }
        try await postgres.listen(channel: SQLLedgerSession.customerChannel, onListening: onListening, onNotification: onChange)
    }

    /// Runs `body` like a write transaction of its own, but in a transaction shared with the writes submitted
    /// at the same time (group commit, see `WriteGroup`): one commit for many callers. Returns once that
    /// transaction committed. Refused inside another transaction of this database, as `atomically`.
    func groupedWrite<Result: Sendable>(_ body: @escaping @Sendable (DatabaseSession) async throws -> Result) async throws -> Result {
        try refuseNesting()
        // Batches of one: no grouping at all, each write in its own transaction, as `atomically`.
        guard writeGroup.settings.maxBatch > 1 else { return try await atomically(.write, body) }
        let result = try await writeGroup.submit({ session in try await body(session) }, on: self)
        guard let typed = result as? Result else {
            throw StorageError(.writeConflict, "a grouped write returned an unexpected result")
        }
        return typed
    }

    /// Throws `nestedSession` when called from inside a transaction of this database: storage reached from
    /// there must use the session the transaction gives (on SQLite, waiting would never end).
    private func refuseNesting() throws {
        if let current = DatabaseSession.current, current.ownerID == ObjectIdentifier(self), current.isActive {
            throw StorageError(.nestedSession, "storage was called from inside a transaction of the same database; use the session the transaction gives")
        }
    }

    /// Runs `body` in a transaction of a session of its own (refused inside another, as `withSession`).
    func atomically<Result: Sendable>(
        _ mode: AccessMode, _ body: @escaping @Sendable (DatabaseSession) async throws -> Result
    ) async throws -> Result {
        // SQLite: a read transaction that does not join one in progress takes a read-only connection.
        if mode == .read, case .sqlite(let sqlite) = backend, DatabaseSession.current?.ownerID != ObjectIdentifier(self) {
            let publishing: @Sendable (DatabaseSession) async throws -> Result = { session in
                try await DatabaseSession.$current.withValue(session) { try await session.atomically(.read, body) }
            }
            if let result = try await sqlite.withReadSession(ownerID: ObjectIdentifier(self), publishing) {
                return result
            }
        }
        return try await withSession { session in try await session.atomically(mode, body) }
    }
}
