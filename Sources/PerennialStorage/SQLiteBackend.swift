import Foundation
import SQLKit
import SQLiteKit
import Synchronization

/// An SQLite database behind one connection.
///
/// One connection, so one session at a time: SQLite allows a single writer anyway, and a statement issued
/// by another task in the middle of a transaction on the same connection would silently become part of
/// that transaction. The `AsyncGate` hands the connection to one session after the other, in arrival
/// order. Read transactions and single read statements on a file go to `readers` instead (read-only
/// connections that WAL lets run beside the writer, each on its own snapshot); on an in-memory database,
/// which has one connection, they wait their turn too.
final class SQLiteBackend: Sendable {
    private let connection: SQLiteConnection
    private let database: any SQLDatabase
    private let logger: Logger
    private let gate = AsyncGate()
    private let shutdownTask = Mutex<Task<Void, Never>?>(nil)
    /// Read-only connections for read transactions; nil for an in-memory database.
    let readers: SQLiteReaders?
    /// Read-only connections for the customer read on the calling thread (see `SQLiteCustomerReader`);
    /// nil for an in-memory database.
    private let customerReaders: SQLiteCustomerReaders?

    /// How many read-only connections a file database gets.
    static let readerCount = 4

    /// How long a statement waits for another process's lock on the file before failing.
    static let busyTimeoutMilliseconds = 5_000

    private init(
        connection: SQLiteConnection, readers: SQLiteReaders?, customerReaders: SQLiteCustomerReaders?, logger: Logger
    ) {
        self.connection = connection
        self.readers = readers
        self.customerReaders = customerReaders
        // Query logging off: binds carry sealed receipts and credentials.
        self.database = connection.sql(queryLogLevel: nil)
        self.logger = logger
    }

    static func open(storage: SQLiteConnection.Storage, logger: Logger) async throws -> SQLiteBackend {
        if case .file(let path) = storage, !FileManager.default.fileExists(atPath: path) {
            // Created private before SQLite opens it (an empty file is an empty database): SQLite would use
            // the umask (often world-readable), and its WAL and shared-memory files take this file's mode.
            _ = PrivateFile.create(atPath: path, contents: Data())
        }
        let connection: SQLiteConnection
        do {
            connection = try await SQLiteConnection.open(storage: storage, logger: logger)
        } catch {
            throw StorageError(.databaseUnavailable, "could not open the SQLite database: \(error)")
        }
        let database = connection.sql(queryLogLevel: nil)
        var readers: SQLiteReaders?
        var customerReaders: SQLiteCustomerReaders?
        do {
            if case .file(let path) = storage {
                // Readers of other processes (`perennial migrate`, backups) do not block the writer.
                try await database.raw("PRAGMA journal_mode=WAL").run()
                readers = try await SQLiteReaders.open(
                    path: path, count: readerCount, busyTimeoutMilliseconds: busyTimeoutMilliseconds, logger: logger
                )
                customerReaders = try SQLiteCustomerReaders(path: path, count: readerCount)
            }
            try await database.raw("PRAGMA busy_timeout=\(literal: busyTimeoutMilliseconds)").run()
            try await database.raw("PRAGMA foreign_keys=ON").run()
        } catch {
            await readers?.close()
            customerReaders?.close()
            try? await connection.close()
            throw StorageError(.databaseUnavailable, "could not configure the SQLite database: \(error)")
        }
        return SQLiteBackend(
            connection: connection, readers: readers, customerReaders: customerReaders, logger: logger
        )
    }

    /// Runs `body` with a read-only connection (see `readers`); nil when there is none.
    func withReadSession<Result: Sendable>(
        ownerID: ObjectIdentifier, _ body: @Sendable (DatabaseSession) async throws -> Result
    ) async throws -> Result? {
        guard let readers else { return nil }
        guard shutdownTask.withLock({ $0 == nil }) else {
            throw StorageError(.connectionClosed, "the SQLite database was shut down")
        }
        return try await readers.withSession(ownerID: ownerID, body)
    }

    /// The rows of `CustomerSnapshotStatement`, read on the calling thread (`SQLiteCustomerReader`); nil
    /// when that cannot answer at once (an in-memory database, every connection lent, the file busy), and
    /// the caller should read through a session instead.
    func customerSnapshotRows(appID: String, appUserID: String) throws -> CustomerSnapshotRows? {
        try customerReaders?.withConnection { connection in
            try connection.customerSnapshotRows(appID: appID, appUserID: appUserID)
        } ?? nil
    }

    /// Runs `body` with the connection, once every earlier session has finished.
    func withSession<Result: Sendable>(
        ownerID: ObjectIdentifier, _ body: @Sendable (DatabaseSession) async throws -> Result
    ) async throws -> Result {
        try await gate.withGate {
            guard shutdownTask.withLock({ $0 == nil }) else {
                throw StorageError(.connectionClosed, "the SQLite database was shut down")
            }
            let session = DatabaseSession(
                sql: database, kind: .sqlite, logger: logger, ownerID: ownerID, driver: .sqlite(connection)
            )
            defer { session.end() }
            return try await body(session)
        }
    }

    /// Waits for the session in progress, then closes the connection. Later calls wait for the first.
    func shutdown() async {
        let task = shutdownTask.withLock { existing in
            if let existing { return existing }
            let task = Task { await self.close() }
            existing = task
            return task
        }
        await task.value
    }

    private func close() async {
        customerReaders?.close()
        await readers?.close()
        let acquired = (try? await gate.acquire()) != nil
        do {
            try await connection.close()
        } catch {
            logger.warning("Could not close the SQLite database cleanly", metadata: ["error": "\(error)"])
        }
        if acquired { await gate.release() }
    }
}
