import Logging
import NIOCore
import NIOPosix
import SQLKit
import SQLiteKit

/// SQLKit's view of `SQLiteWriterConnection`: statements run on the calling thread, without a hop or a
/// suspension, so that a transaction holding the single writer never waits behind other tasks for a thread
/// (under load, each hop queued behind the signature checks of every notification in flight). A statement
/// that finds another process's lock (`Busy`) runs again on NIO's thread pool, where it may wait up to the
/// busy timeout. `COMMIT` syncs the write-ahead log on the calling thread: a fraction of a millisecond on
/// a local disk, once per transaction, which group commit shares among many writes.
struct SQLiteWriterDatabase: SQLDatabase {
    let connection: SQLiteWriterConnection
    let logger: Logger
    let eventLoop: any EventLoop
    let threadPool: NIOThreadPool

    var dialect: any SQLDialect { SQLiteDialect() }

    /// Query logging is off: binds carry sealed receipts and credentials.
    var queryLogLevel: Logger.Level? { nil }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> ()) -> EventLoopFuture<Void> {
        let promise = eventLoop.makePromise(of: Void.self)
        promise.completeWithTask { try await self.execute(sql: query, onRow) }
        return promise.futureResult
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> ()) async throws {
        let (sql, rawBinds) = serialize(query)
        let encoder = SQLiteDataEncoder()
        let binds = try rawBinds.map { try encoder.encode($0) }
        let connection = connection
        let rows: [SQLiteWriterRow]
        do {
            rows = try connection.run(sql, binds)
        } catch is SQLiteWriterConnection.Busy {
            rows = try await threadPool.runIfActive { try connection.run(sql, binds, waitingForLocks: true) }
        }
        for row in rows { onRow(row) }
    }
}
