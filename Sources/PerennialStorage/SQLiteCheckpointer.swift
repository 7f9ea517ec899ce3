import NIOPosix
import Synchronization

/// Copies an SQLite file's write-ahead log into the database from a connection of its own, every
/// `interval`, off the writer.
///
/// By default SQLite checkpoints inside the `COMMIT` that takes the log past 1,000 pages, on the writer's
/// connection: under a stream of store notifications that was a large share of the single writer's time
/// (BENCHMARKS.md, issue 19). A `PASSIVE` checkpoint takes SQLite's checkpoint lock, not the write lock, so it
/// runs beside the writer and never waits for it or for readers; it may stop short while a reader holds an
/// old snapshot, and the next tick goes on. The writer keeps an automatic checkpoint at
/// `SQLiteBackend.writerAutocheckpointPages` as a backstop, should this one fall behind or stop.
final class SQLiteCheckpointer: Sendable {
    /// How often the log is checkpointed.
    static let interval: Duration = .milliseconds(100)

    private let connection: SQLiteWriterConnection
    private let loop = Mutex<Task<Void, Never>?>(nil)

    /// Opens a connection to the file at `path` (in WAL mode) and starts checkpointing.
    init(path: String) throws {
        connection = try SQLiteWriterConnection.open(path: path, busyTimeoutMilliseconds: 0)
        _ = try connection.run("PRAGMA wal_autocheckpoint=0", [])
        let connection = connection
        loop.withLock {
            $0 = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: Self.interval)
                    // Disk writes and a sync: on the thread pool. A failure (the file busy, the disk) is
                    // left to the next tick and, past it, to the writer's own checkpoint.
                    _ = try? await NIOThreadPool.singleton.runIfActive {
                        try connection.run("PRAGMA wal_checkpoint(PASSIVE)", [])
                    }
                }
            }
        }
    }

    /// Stops checkpointing, waits for a checkpoint in progress, and closes the connection.
    func stop() async {
        let task = loop.withLock { task in
            defer { task = nil }
            return task
        }
        task?.cancel()
        await task?.value
        connection.close()
    }
}
