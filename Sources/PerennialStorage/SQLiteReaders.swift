import SQLKit
import SQLiteKit
import Synchronization

/// Read-only connections to an SQLite file, beside the backend's one read-write connection, so that reads
/// (read transactions, `Ledger.read`, and single read statements such as the customer lookups apps make all
/// day, `Ledger.customerWithSubscriptions`) run side by side instead of queueing behind every other session.
/// WAL mode gives each read transaction (and each statement outside one) a consistent snapshot of what was
/// committed when it began, whatever the writer does meanwhile. Each connection serves one session at a time;
/// sessions wait for the first free connection in one queue, in arrival order.
final class SQLiteReaders: Sendable {
    /// One read-only connection.
    private struct Reader: Sendable {
        let connection: SQLiteConnection
        let database: any SQLDatabase
    }

    private let readers: [Reader]
    /// One permit per reader.
    private let gate: AsyncGate
    /// The indices of the readers no session holds.
    private let free: Mutex<[Int]>
    private let logger: Logger
    private let timing: StatementTiming

    private init(readers: [Reader], logger: Logger, timing: StatementTiming) {
        self.readers = readers
        self.gate = AsyncGate(permits: readers.count)
        self.free = Mutex(Array(readers.indices))
        self.logger = logger
        self.timing = timing
    }

    /// Opens `count` read-only connections to the file at `path` (already in WAL mode).
    static func open(path: String, count: Int, busyTimeoutMilliseconds: Int, logger: Logger, timing: StatementTiming
    ) async throws -> SQLiteReaders {
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
        return SQLiteReaders(readers: readers, logger: logger, timing: timing)
    }

    /// How many readers are lent to a session now, and how many there are.
    var use: (inUse: Int, count: Int) {
        (readers.count - free.withLock { $0.count }, readers.count)
    }

    /// Runs `body` with the first reader that is free, waiting for one if none is.
    func withSession<Result: Sendable>(
        ownerID: ObjectIdentifier, _ body: @Sendable (DatabaseSession) async throws -> Result
    ) async throws -> Result {
        try await gate.withGate {
            // Holding a permit, there is a free reader.
            let index = free.withLock { $0.removeLast() }
            defer { free.withLock { $0.append(index) } }
            let reader = readers[index]
            let session = DatabaseSession(
                sql: reader.database, kind: .sqlite, logger: logger, ownerID: ownerID,
                driver: .sqlite(reader.connection), timing: timing
            )
            defer { session.end() }
            return try await body(session)
        }
    }

    /// Waits for the sessions in progress, then closes the connections.
    func close() async {
        var acquired = 0
        for _ in readers where (try? await gate.acquire()) != nil { acquired += 1 }
        for reader in readers {
            do {
                try await reader.connection.close()
            } catch {
                logger.warning("Could not close an SQLite read connection cleanly", metadata: ["error": "\(error)"])
            }
        }
        for _ in 0..<acquired { await gate.release() }
    }
}
