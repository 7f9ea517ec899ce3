import PostgresKit
import SQLKit
import Synchronization

/// A PostgreSQL server behind PostgresNIO's connection pool (`PostgresClient`).
final class PostgresBackend: Sendable {
    private let client: PostgresClient
    private let runTask: Task<Void, Never>
    private let logger: Logger
    private let timing: StatementTiming
    private let shutdownTask = Mutex<Task<Void, Never>?>(nil)
    /// The size of the pool.
    let maximumConnections: Int
    /// How to open a connection of its own, outside the pool (a listener's).
    private let connectionConfiguration: PostgresConnection.Configuration
    /// Sessions asked for and not yet ended, waiting for a connection or holding one.
    private let sessionsOpen = Atomic<Int>(0)
    /// Sessions holding a connection of the pool.
    private let sessionsLeased = Atomic<Int>(0)
    /// Whether sessions run statements run before as prepared ones (`PreparingPostgresDatabase`).
    private let preparesStatements: Bool

    /// The pool's connections lent to a session now, and the sessions waiting for one.
    var use: (leased: Int, waiting: Int) {
        let leased = sessionsLeased.load(ordering: .relaxed)
        return (leased, max(0, sessionsOpen.load(ordering: .relaxed) - leased))
    }

    private init(
        client: PostgresClient, runTask: Task<Void, Never>, maximumConnections: Int,
        connectionConfiguration: PostgresConnection.Configuration, preparesStatements: Bool, logger: Logger,
        timing: StatementTiming
    ) {
        self.client = client
        self.preparesStatements = preparesStatements
        self.runTask = runTask
        self.maximumConnections = maximumConnections
        self.connectionConfiguration = connectionConfiguration
        self.logger = logger
        self.timing = timing
    }

    /// Listens on `channel` on a connection of its own: `onListening` once `LISTEN` is in place, then
    /// `onNotification` for each notification, until the connection fails (it throws) or the task is
    /// cancelled.
    func listen(
        channel: String, onListening: @Sendable () async -> Void, onNotification: @Sendable () async -> Void
    ) async throws {
        let connection = try await PostgresConnection.connect(configuration: connectionConfiguration, id: 1, logger: logger)
        do {
            try await connection.listen(on: channel) { notifications in
                await onListening()
                for try await _ in notifications { await onNotification() }
            }
        } catch {
            try? await connection.close()
            throw error
        }
        try? await connection.close()
    }

    /// Starts the pool, then connects once to report a wrong URL or an unreachable server now.
    static func open(
        configuration: SQLPostgresConfiguration, description: String, maximumConnections: Int,
        preparesStatements: Bool, logger: Logger, timing: StatementTiming
    ) async throws -> PostgresBackend {
        let client = PostgresClient(
            configuration: clientConfiguration(configuration, maximumConnections: maximumConnections),
            backgroundLogger: logger
        )
        // Started before the probe, so it is running (no "run() hasn't been called" warning) by the time
        // the first session leases a connection.
        let runTask = Task { await client.run() }
        var core = configuration.coreConfiguration
        core.options.additionalStartupParameters = startupParameters(configuration)
        do {
            let probe = try await PostgresConnection.connect(configuration: core, id: 0, logger: logger)
            try await probe.close()
        } catch {
            runTask.cancel()
            await runTask.value
            throw StorageError(
                .databaseUnavailable, "could not connect to \(description): \(String(reflecting: error))"
            )
        }
        return PostgresBackend(
            client: client, runTask: runTask, maximumConnections: maximumConnections, connectionConfiguration: core,
            preparesStatements: preparesStatements, logger: logger, timing: timing
        )
    }

    /// Runs `body` with a connection leased from the pool. A connection whose transaction could not be
    /// ended cleanly is closed rather than returned to the pool.
    func withSession<Result: Sendable>(
        ownerID: ObjectIdentifier, _ body: @Sendable (DatabaseSession) async throws -> Result
    ) async throws -> Result {
        guard shutdownTask.withLock({ $0 == nil }) else {
            throw StorageError(.connectionClosed, "the PostgreSQL connection pool was shut down")
        }
        let (logger, timing) = (logger, timing)
        sessionsOpen.add(1, ordering: .relaxed)
        defer { sessionsOpen.subtract(1, ordering: .relaxed) }
        return try await client.withConnection { connection in
            self.sessionsLeased.add(1, ordering: .relaxed)
            defer { self.sessionsLeased.subtract(1, ordering: .relaxed) }
            // Query logging off: binds carry sealed receipts and credentials.
            let unprepared = connection.sql(queryLogLevel: nil, logger: logger)
            let failure = PreparedStatementFailure()
            let sql: any SQLDatabase =
                if self.preparesStatements {
                    PreparingPostgresDatabase(base: unprepared, connection: connection, slots: .shared, failure: failure)
                } else {
                    unprepared
                }
            let session = DatabaseSession(
                sql: sql, kind: .postgresql, logger: logger, ownerID: ownerID, driver: .postgres(connection), timing: timing
            )
            defer { session.end() }
            do {
                let result = try await body(session)
                if session.isBroken || failure.occurred { try? await connection.close() }
                return result
            } catch {
                if session.isBroken || failure.occurred { try? await connection.close() }
                throw error
            }
        }
    }

    /// Closes the pool's connections. Later calls wait for the first.
    func shutdown() async {
        let task = shutdownTask.withLock { existing in
            if let existing { return existing }
            let runTask = runTask
            let task = Task {
                runTask.cancel()
                await runTask.value
            }
            existing = task
            return task
        }
        await task.value
    }

    private static func startupParameters(_ configuration: SQLPostgresConfiguration) -> [(String, String)] {
        guard let searchPath = configuration.searchPath, !searchPath.isEmpty else { return [] }
        return [("search_path", searchPath.joined(separator: ","))]
    }

    private static func clientConfiguration(
        _ configuration: SQLPostgresConfiguration, maximumConnections: Int
    ) -> PostgresClient.Configuration {
        let core = configuration.coreConfiguration
        let tls: PostgresClient.Configuration.TLS =
            if core.tls.isEnforced {
                .require(.makeClientConfiguration())
            } else if core.tls.isAllowed {
                .prefer(.makeClientConfiguration())
            } else {
                .disable
            }
        var client: PostgresClient.Configuration
        if let socket = core.unixSocketPath {
            client = .init(
                unixSocketPath: socket, username: core.username, password: core.password, database: core.database
            )
            client.tls = tls
        } else {
            client = .init(
                host: core.host ?? "localhost", port: core.port ?? SQLPostgresConfiguration.ianaPortNumber,
                username: core.username, password: core.password, database: core.database, tls: tls
            )
        }
        client.options.maximumConnections = maximumConnections
        client.options.additionalStartupParameters = startupParameters(configuration)
        return client
    }
}
