import SQLKit
import SQLiteKit
import Synchronization

/// Read-only connections to an SQLite file, beside the backend's one read-write connection, so that read
/// transactions (`Ledger.read`: the customer lookups apps make all day) run side by side instead of queueing
/// behind every other session. WAL mode gives each read transaction a consistent snapshot of what was
/// committed when it began, whatever the writer does meanwhile. Each connection serves one session at a time.
final class SQLiteReaders: Sendable {
    /// One read-only connection and the gate that gives it to one session at a time.
    private struct Reader: Sendable {
        let connection: SQLiteConnection
        let database: any SQLDatabase
        let gate = AsyncGate()
    }

    private let readers: [Reader]
    private let next = Atomic<Int>(0)
    private let logger: Logger

    private init(readers: [Reader], logger: Logger) {
        self.readers = readers
        self.logger = logger
    }

    /// Opens `count` read-only connections to the file at `path` (already in WAL mode).
    static func open(path: String, count: Int, busyTimeoutMilliseconds: Int, logger: Logger) async throws -> SQLiteReaders {
        var readers: [Reader] = []
        do {
            for _ in 0..<count {
                let connection = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
                readers.append(Reader(connection: connection, database: connection.sql(queryLogLevel: nil)))
                let database = readers[readers.count - 1].database
                try await database.raw("PRAGMA busy_timeout=\(literal: busyTimeoutMilliseconds)").run()
                try await database.raw("PRAGMA query_only=ON").run()
            }
        } catch {
            for reader in readers { try? await reader.connection.close() }
            throw StorageError(.databaseUnavailable, "could not open the SQLite read connections: \(error)")
        }
        return SQLiteReaders(readers: readers, logger: logger)
    }

    /// Runs `body` with the next reader, once the session it is serving (if any) has finished.
    func withSession<Result: Sendable>(
        ownerID: ObjectIdentifier, _ body: @Sendable (DatabaseSession) async throws -> Result
    ) async throws -> Result {
        let reader = readers[next.wrappingAdd(1, ordering: .relaxed).oldValue % readers.count]
        return try await reader.gate.withGate {
            let session = DatabaseSession(sql: reader.database, kind: .sqlite, logger: logger, ownerID: ownerID)
            defer { session.end() }
            return try await body(session)
        }
    }

    /// Waits for each reader's session in progress, then closes it.
    func close() async {
        for reader in readers {
            let acquired = (try? await reader.gate.acquire()) != nil
            do {
                try await reader.connection.close()
            } catch {
                logger.warning("Could not close an SQLite read connection cleanly", metadata: ["error": "\(error)"])
            }
            if acquired { await reader.gate.release() }
        }
    }
}
