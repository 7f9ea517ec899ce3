import NIOCore
import SQLiteNIO
import Synchronization
// SQLiteNIO's own copy of SQLite, as in `SQLiteCustomerReader`: one SQLite library per process, or the two
// copies would release each other's POSIX file locks.
import VaporCSQLite

/// SQLite's one read-write connection, driven through SQLite's C API on the calling thread, with every
/// statement prepared once and kept (up to `statementCacheCapacity`).
///
/// SQLiteNIO runs each statement on its thread pool and answers on an event loop: three thread hand-offs
/// per statement, each costing more than the statement, which for the writer's small indexed reads and
/// writes takes a few microseconds. A store notification's ingestion runs about twenty statements in a row
/// on the single writer, so the hand-offs bounded every store's notification throughput on SQLite
/// (BENCHMARKS.md, `notifications-http-sqlite`). `SQLiteWriterDatabase` sends the statements that may wait
/// (for another process's lock, for the disk: `BEGIN`, `COMMIT`) to the thread pool instead.
///
/// `SQLiteBackend`'s gate gives the connection to one session at a time; the mutex below makes each call
/// exclusive even so, and SQLite's own mutex (`SQLITE_OPEN_FULLMUTEX`) guards the handle as well.
final class SQLiteWriterConnection: Sendable {
    /// SQLite answered `SQLITE_BUSY` to a statement run without waiting: another process holds the lock the
    /// statement needs, and the statement did nothing. Run it again with `waitingForLocks`.
    struct Busy: Error {}

    /// What a statement run with `waitingForLocks` throws when the lock stayed held past the busy timeout.
    static let lockTimedOut = StorageError(
        .databaseUnavailable, "another process held the SQLite database's lock past the busy timeout")

    private struct Handles {
        var database: OpaquePointer?
        /// Prepared statements by their SQL text.
        var statements: [String: OpaquePointer] = [:]
    }

    /// At most this many prepared statements are kept: statements built with a variable number of
    /// parameters (`IN (…)` lists) each have a text of their own.
    static let statementCacheCapacity = 256

    private let handles: Mutex<Handles>
    /// How long a statement run with `waitingForLocks` waits for another process's lock.
    private let busyTimeoutMilliseconds: Int32

    private init(database: sending OpaquePointer?, busyTimeoutMilliseconds: Int32) {
        handles = Mutex(Handles(database: database))
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
    }

    deinit { close() }

    /// Opens (creating it if needed) the database at `path`; `":memory:"` for a private in-memory database.
    /// `readOnly`: an existing file, never written (a backup's source).
    static func open(path: String, busyTimeoutMilliseconds: Int, readOnly: Bool = false) throws -> SQLiteWriterConnection {
        var database: OpaquePointer?
        let access = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_CREATE | SQLITE_OPEN_READWRITE
        let flags = access | SQLITE_OPEN_FULLMUTEX | SQLITE_OPEN_EXRESCODE
        let status = sqlite_nio_sqlite3_open_v2(path, &database, flags, nil)
        guard status == SQLITE_OK else {
            let error = failure("could not open the SQLite database", status: status, database: database)
            sqlite_nio_sqlite3_close_v2(database)
            throw error
        }
        // No waiting by default: a statement that would wait throws `Busy` at once (see `run`).
        sqlite_nio_sqlite3_busy_timeout(database, 0)
        return SQLiteWriterConnection(database: database, busyTimeoutMilliseconds: Int32(clamping: busyTimeoutMilliseconds))
    }

    /// Runs `sql` (one statement) with `binds` and returns its rows. Without `waitingForLocks`, a statement
    /// that needs a lock another process holds throws `Busy` at once, having done nothing; with it, it waits
    /// up to the busy timeout (call it where blocking the thread is fine).
    func run(_ sql: String, _ binds: [SQLiteData], waitingForLocks: Bool = false) throws -> [SQLiteWriterRow] {
        try handles.withLock { handles in
            guard let database = handles.database else {
                throw StorageError(.connectionClosed, "the SQLite database was shut down")
            }
            if waitingForLocks { sqlite_nio_sqlite3_busy_timeout(database, busyTimeoutMilliseconds) }
            defer { if waitingForLocks { sqlite_nio_sqlite3_busy_timeout(database, 0) } }
            let statement: OpaquePointer, isCached: Bool
            do {
                (statement, isCached) = try prepared(sql, in: &handles, database: database)
            } catch is Busy where waitingForLocks {
                throw Self.lockTimedOut
            }
            defer {
                // No `sqlite3_clear_bindings`: every parameter is bound again at the next run, and clearing
                // expires a statement whose plan looked at a parameter (see `SQLiteCustomerReader`).
                if isCached {
                    sqlite_nio_sqlite3_reset(statement)
                } else {
                    sqlite_nio_sqlite3_finalize(statement)
                }
            }
            try bind(binds, to: statement, database: database)
            do {
                return try rows(of: statement, database: database)
            } catch is Busy where waitingForLocks {
                throw Self.lockTimedOut
            }
        }
    }

    /// Finalizes every statement and closes the handle; later calls throw. Closing twice does nothing.
    func close() {
        handles.withLock { handles in
            for statement in handles.statements.values { sqlite_nio_sqlite3_finalize(statement) }
            handles.statements = [:]
            sqlite_nio_sqlite3_close_v2(handles.database)
            handles.database = nil
        }
    }

    /// The statement for `sql`, from the cache or prepared now; `isCached` false when the cache is full and
    /// the caller must finalize it.
    private func prepared(
        _ sql: String, in handles: inout Handles, database: OpaquePointer
    ) throws -> (statement: OpaquePointer, isCached: Bool) {
        if let statement = handles.statements[sql] { return (statement, true) }
        // Savepoints are named by number (`DatabaseSession.atomically`): each name would take a place.
        let isCached = handles.statements.count < Self.statementCacheCapacity && !Self.isSavepointStatement(sql)
        var statement: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let status = sql.withCString { text in
            let status = sqlite_nio_sqlite3_prepare_v3(
                database, text, -1, isCached ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0, &statement, &tail
            )
            // A second statement after the first would be silently ignored: refuse the text instead.
            if status == SQLITE_OK, let tail, String(cString: tail).contains(where: { !$0.isWhitespace }) {
                return SQLITE_MISUSE
            }
            return status
        }
        guard status == SQLITE_OK, let statement else {
            sqlite_nio_sqlite3_finalize(statement)
            if status & 0xff == SQLITE_BUSY { throw Busy() }
            throw Self.failure("could not prepare a statement", status: status, database: database)
        }
        if isCached { handles.statements[sql] = statement }
        return (statement, isCached)
    }

    private static func isSavepointStatement(_ sql: String) -> Bool {
        sql.hasPrefix("SAVEPOINT") || sql.hasPrefix("RELEASE") || sql.hasPrefix("ROLLBACK")
    }

    private func bind(_ binds: [SQLiteData], to statement: OpaquePointer, database: OpaquePointer) throws {
        // SQLITE_TRANSIENT: SQLite copies the bytes, which only live for the call.
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        for (offset, value) in binds.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .integer(let integer):
                status = sqlite_nio_sqlite3_bind_int64(statement, index, Int64(integer))
            case .float(let double):
                status = sqlite_nio_sqlite3_bind_double(statement, index, double)
            case .text(var text):
                status = text.withUTF8 { bytes in
                    sqlite_nio_sqlite3_bind_text64(
                        statement, index, bytes.baseAddress, UInt64(bytes.count), transient, UInt8(SQLITE_UTF8))
                }
            case .blob(let buffer):
                status = buffer.withUnsafeReadableBytes { bytes in
                    sqlite_nio_sqlite3_bind_blob64(statement, index, bytes.baseAddress, UInt64(bytes.count), transient)
                }
            case .null:
                status = sqlite_nio_sqlite3_bind_null(statement, index)
            }
            guard status == SQLITE_OK else { throw Self.failure("could not bind a parameter", status: status, database: database) }
        }
    }

    private func rows(of statement: OpaquePointer, database: OpaquePointer) throws -> [SQLiteWriterRow] {
        var rows: [SQLiteWriterRow] = []
        var columns: SQLiteWriterRow.Columns?
        while true {
            let status = sqlite_nio_sqlite3_step(statement)
            if status == SQLITE_DONE { return rows }
            if status & 0xff == SQLITE_BUSY { throw Busy() }
            guard status == SQLITE_ROW else { throw Self.failure("a statement failed", status: status, database: database) }
            let names = columns ?? SQLiteWriterRow.Columns(statement: statement)
            columns = names
            rows.append(SQLiteWriterRow(columns: names, values: try (0..<Int32(names.count)).map { try value(statement, $0) }))
        }
    }

    private func value(_ statement: OpaquePointer, _ index: Int32) throws -> SQLiteData {
        switch sqlite_nio_sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER:
            return .integer(Int(sqlite_nio_sqlite3_column_int64(statement, index)))
        case SQLITE_FLOAT:
            return .float(sqlite_nio_sqlite3_column_double(statement, index))
        case SQLITE_TEXT:
            // column_text before column_bytes, as SQLite asks: the count is then of the UTF-8 text.
            guard let start = sqlite_nio_sqlite3_column_text(statement, index) else { return .text("") }
            let count = Int(sqlite_nio_sqlite3_column_bytes(statement, index))
            return .text(String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite_nio_sqlite3_column_bytes(statement, index))
            var buffer = ByteBufferAllocator().buffer(capacity: count)
            if let start = sqlite_nio_sqlite3_column_blob(statement, index) {
                buffer.writeBytes(UnsafeRawBufferPointer(start: start, count: count))
            }
            return .blob(buffer)
        case SQLITE_NULL:
            return .null
        default:
            throw StorageError(.corruptRecord, "SQLite returned a column of an unknown type")
        }
    }

    /// An error with SQLite's message for the connection (which never quotes a parameter's value).
    private static func failure(_ action: String, status: Int32, database: OpaquePointer?) -> StorageError {
        let message = database.flatMap { sqlite_nio_sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "status \(status)"
        return StorageError(.statementFailed, "\(action): \(message)")
    }
}
