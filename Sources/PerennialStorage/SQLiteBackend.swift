import Foundation
import NIOPosix
import SQLKit
import SQLiteKit
import Synchronization

/// An SQLite database behind one read-write connection (`SQLiteWriterConnection`).
///
/// One connection, so one session at a time: SQLite allows a single writer anyway, and a statement issued
/// by another task in the middle of a transaction on the same connection would silently become part of
/// that transaction. The `AsyncGate` hands the connection to one session after the other, in arrival
/// order. Read transactions and single read statements on a file go to `readers` instead (read-only
/// connections that WAL lets run beside the writer, each on its own snapshot); on an in-memory database,
/// which has one connection, they wait their turn too.
final class SQLiteBackend: Sendable {
    private let connection: SQLiteWriterConnection
    private let database: SQLiteWriterDatabase
    private let logger: Logger
    private let timing: StatementTiming
    private let gate = AsyncGate()
    private let shutdownTask = Mutex<Task<Void, Never>?>(nil)
    /// Read-only connections for read transactions; nil for an in-memory database.
    let readers: SQLiteReaders?
    /// Read-only connections for the customer read on the calling thread (see `SQLiteCustomerReader`);
    /// nil for an in-memory database.
    private let customerReaders: SQLiteCustomerReaders?
    /// Checkpoints a file's write-ahead log off the writer; nil for an in-memory database.
    private let checkpointer: SQLiteCheckpointer?

    /// How many read-only connections a file database gets.
    static let readerCount = 4

    /// The writer's page cache, in KiB (SQLite's default is 2,000): the writer's reads of a large database
    /// (a notification's subscription, its facts and events) otherwise go to the operating system for
    /// almost every page, a system call each.
    static let writerCacheKibibytes = 16_384

    /// The log size, in pages, past which the writer checkpoints in its own `COMMIT`: a backstop for
    /// `SQLiteCheckpointer`, which keeps the log far below it.
    static let writerAutocheckpointPages = 10_000

    /// How long a statement waits for another process's lock on the file before failing.
    static let busyTimeoutMilliseconds = 5_000

    private init(
        connection: SQLiteWriterConnection, database: SQLiteWriterDatabase, readers: SQLiteReaders?,
        customerReaders: SQLiteCustomerReaders?, checkpointer: SQLiteCheckpointer?, logger: Logger, timing: StatementTiming
    ) {
        self.connection = connection
        self.checkpointer = checkpointer
        self.database = database
        self.readers = readers
        self.customerReaders = customerReaders
        self.logger = logger
        self.timing = timing
    }

    static func open(storage: SQLiteConnection.Storage, logger: Logger, timing: StatementTiming) async throws -> SQLiteBackend {
        let path: String
        switch storage {
        case .memory: path = ":memory:"
        case .file(let file):
            path = file
            if !FileManager.default.fileExists(atPath: file) {
                // Created private before SQLite opens it (an empty file is an empty database): SQLite would
                // use the umask (often world-readable), and its WAL and shared-memory files take this file's mode.
                _ = PrivateFile.create(atPath: file, contents: Data())
            }
        }
        let connection: SQLiteWriterConnection
        do {
            connection = try await NIOThreadPool.singleton.runIfActive {
                try SQLiteWriterConnection.open(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            }
        } catch {
            throw StorageError(.databaseUnavailable, "could not open the SQLite database: \(error)")
        }
        let database = SQLiteWriterDatabase(
            connection: connection, logger: logger, eventLoop: MultiThreadedEventLoopGroup.singleton.any(),
            threadPool: .singleton
        )
        var readers: SQLiteReaders?
        var customerReaders: SQLiteCustomerReaders?
        var checkpointer: SQLiteCheckpointer?
        do {
            if case .file = storage {
                // Readers of other processes (`perennial migrate`, backups) do not block the writer.
                try await database.raw("PRAGMA journal_mode=WAL").run()
                try await database.raw("PRAGMA wal_autocheckpoint=\(literal: writerAutocheckpointPages)").run()
                checkpointer = try SQLiteCheckpointer(path: path)
                readers = try await SQLiteReaders.open(
                    path: path, count: readerCount, busyTimeoutMilliseconds: busyTimeoutMilliseconds, logger: logger, timing: timing
                )
                customerReaders = try SQLiteCustomerReaders(path: path, count: readerCount)
            }
            try await database.raw("PRAGMA foreign_keys=ON").run()
            try await database.raw("PRAGMA cache_size=\(literal: -writerCacheKibibytes)").run()
            // The writer's statement and savepoint journals (each grouped write is a savepoint: every page it
            // changes is copied there first) in memory, not in a temporary file: written to a file, that copy
            // was a system call per page on the single writer's path, 6% of the process's CPU under a load of
            // notifications (perf, BENCHMARKS.md). They hold the pages one batch changes, so stay small.
            try await database.raw("PRAGMA temp_store=MEMORY").run()
        } catch {
            await checkpointer?.stop()
            await readers?.close()
            customerReaders?.close()
            connection.close()
            throw StorageError(.databaseUnavailable, "could not configure the SQLite database: \(error)")
        }
        return SQLiteBackend(
            connection: connection, database: database, readers: readers, customerReaders: customerReaders,
            checkpointer: checkpointer, logger: logger, timing: timing
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
                sql: database, kind: .sqlite, logger: logger, ownerID: ownerID, driver: .sqliteWriter(connection), timing: timing
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
        await checkpointer?.stop()
        customerReaders?.close()
        await readers?.close()
        let acquired = (try? await gate.acquire()) != nil
        connection.close()
        if acquired { await gate.release() }
    }
}
