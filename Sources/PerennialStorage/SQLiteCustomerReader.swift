import Foundation
import PerennialCore
import PerennialServices
// SQLiteNIO's own copy of SQLite (a module of its package, not a product of it): the connections here must
// share one SQLite library with SQLiteNIO's, because two copies in one process would each release the
// other's POSIX file locks when they close the file.
import VaporCSQLite

/// A read-only SQLite connection driven through SQLite's C API on the calling thread, with the customer
/// read (`CustomerSnapshotStatement`) prepared once.
///
/// SQLiteNIO prepares every statement anew and runs it on its thread pool. For the read apps make all day,
/// a primary-key lookup of pages already in memory, preparing cost more than running, and the two thread
/// hops cost more than both; here the read takes under 20 µs on the thread that asked. The connection
/// never waits for a lock (busy timeout 0): when SQLite reports the file busy, the read answers nil and the
/// caller takes the asynchronous path, which waits on a pool thread.
/// Fast path for the benchmark `entitlements-http-sqlite` (BENCHMARKS.md).
final class SQLiteCustomerReader: @unchecked Sendable {
    // @unchecked Sendable: `SQLiteCustomerReaders` lends a connection to one caller at a time (its free list
    // is behind a mutex) and closes it only when no caller holds it, so the handle and the statement are
    // never used from two threads at once.
    private var handle: OpaquePointer?
    /// The customer read, prepared at its first use: the tables may not exist yet when the connection opens.
    private var snapshot: OpaquePointer?

    /// Opens the file at `path`, which must exist and be in WAL mode, read-only.
    init(path: String) throws {
        var handle: OpaquePointer?
        // NOMUTEX: SQLite's per-connection mutex is redundant with the lending described above.
        let status = sqlite_nio_sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil)
        self.handle = handle
        guard status == SQLITE_OK else { throw failure("could not open an SQLite read connection", status: status) }
    }

    deinit { close() }

    /// Finalizes the statement and closes the handle; later reads throw. Closing twice does nothing.
    func close() {
        sqlite_nio_sqlite3_finalize(snapshot)
        snapshot = nil
        sqlite_nio_sqlite3_close_v2(handle)
        handle = nil
    }

    /// The customer's row and its subscriptions' bodies, or nil when SQLite reports the file busy.
    func customerSnapshotRows(appID: String, appUserID: String) throws -> CustomerSnapshotRows? {
        guard let statement = try preparedSnapshot() else { return nil }
        // No `sqlite3_clear_bindings`: both parameters are bound again below, and clearing expires a statement
        // whose plan looked at a parameter, so SQLite would prepare it again at every read.
        defer { sqlite_nio_sqlite3_reset(statement) }
        try bind(appID, at: 1, in: statement)
        try bind(appUserID, at: 2, in: statement)
        var rows = CustomerSnapshotRows()
        while true {
            let status = sqlite_nio_sqlite3_step(statement)
            if status == SQLITE_DONE { return rows }
            if status == SQLITE_BUSY { return nil }
            guard status == SQLITE_ROW else { throw failure("the customer read failed", status: status) }
            if rows.customer == nil { rows.customer = try Self.customer(statement) }
            switch sqlite_nio_sqlite3_column_type(statement, 3) {
            case SQLITE_NULL: break
            case SQLITE_TEXT: rows.bodies.append(Self.text(statement, 3))
            default: throw StorageError(.corruptRecord, "a stored subscription body is not text")
            }
        }
    }

    /// How many times SQLite prepared the customer read again since it was opened (0 while nothing expires it).
    var repreparations: Int {
        snapshot.map { Int(sqlite_nio_sqlite3_stmt_status($0, SQLITE_STMTSTATUS_REPREPARE, 0)) } ?? 0
    }

    /// The customer read, prepared now if it was not yet; nil when SQLite reports the file busy.
    private func preparedSnapshot() throws -> OpaquePointer? {
        if let snapshot { return snapshot }
        guard let handle else { throw StorageError(.connectionClosed, "the SQLite database was shut down") }
        var statement: OpaquePointer?
        let status = sqlite_nio_sqlite3_prepare_v3(
            handle, CustomerSnapshotStatement.sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil
        )
        if status == SQLITE_BUSY { return nil }
        guard status == SQLITE_OK, let statement else { throw failure("could not prepare the customer read", status: status) }
        snapshot = statement
        return statement
    }

    private func bind(_ value: String, at index: Int32, in statement: OpaquePointer) throws {
        var value = value
        // SQLITE_TRANSIENT: SQLite copies the bytes, which only live for this call.
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        let status = value.withUTF8 { bytes in
            sqlite_nio_sqlite3_bind_text(statement, index, bytes.baseAddress, Int32(bytes.count), transient)
        }
        guard status == SQLITE_OK else { throw failure("could not bind a parameter of the customer read", status: status) }
    }

    /// The customer columns (0 to 2) of the current row.
    private static func customer(_ statement: OpaquePointer) throws -> CustomerRecord {
        guard sqlite_nio_sqlite3_column_type(statement, 0) == SQLITE_TEXT,
              sqlite_nio_sqlite3_column_type(statement, 1) == SQLITE_TEXT,
              sqlite_nio_sqlite3_column_type(statement, 2) == SQLITE_INTEGER
        else { throw StorageError(.corruptRecord, "a stored customer could not be read") }
        return CustomerRecord(
            appID: text(statement, 0), appUserID: text(statement, 1),
            createdAt: Instant(milliseconds: sqlite_nio_sqlite3_column_int64(statement, 2)))
    }

    /// Column `index` of the current row, which holds text.
    private static func text(_ statement: OpaquePointer, _ index: Int32) -> String {
        // column_text before column_bytes, as SQLite asks: the count is then of the UTF-8 text.
        guard let start = sqlite_nio_sqlite3_column_text(statement, index) else { return "" }
        let count = Int(sqlite_nio_sqlite3_column_bytes(statement, index))
        return String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    }

    /// An error with SQLite's message for the connection (never a parameter's value).
    private func failure(_ action: String, status: Int32) -> StorageError {
        let message = handle.flatMap { sqlite_nio_sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "status \(status)"
        return StorageError(.databaseUnavailable, "\(action): \(message)")
    }
}
