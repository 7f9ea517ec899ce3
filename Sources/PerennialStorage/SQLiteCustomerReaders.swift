import Synchronization

/// The read-only connections that answer single reads on the calling thread (`SQLiteCustomerReader`).
/// A caller borrows a free one; when every one is lent, it gets nil and takes the asynchronous path, so
/// nothing ever waits here.
final class SQLiteCustomerReaders: Sendable {
    private struct State {
        /// The indices of the connections no caller holds.
        var free: [Int]
        var closed = false
    }

    private let connections: [SQLiteCustomerReader]
    private let state: Mutex<State>

    /// Opens `count` connections to the file at `path` (which exists and is in WAL mode).
    init(path: String, count: Int) throws {
        connections = try (0..<count).map { _ in try SQLiteCustomerReader(path: path) }
        state = Mutex(State(free: Array(connections.indices)))
    }

    /// `body`'s result with a borrowed connection, or nil when none is free.
    func withConnection<Result>(_ body: (SQLiteCustomerReader) throws -> Result) throws -> Result? {
        let borrowed: Int? = try state.withLock { state in
            guard !state.closed else { throw StorageError(.connectionClosed, "the SQLite database was shut down") }
            return state.free.popLast()
        }
        guard let index = borrowed else { return nil }
        defer {
            let closed = state.withLock { state in
                state.free.append(index)
                return state.closed
            }
            // Closed while lent: `close()` left this connection to its borrower.
            if closed { connections[index].close() }
        }
        return try body(connections[index])
    }

    /// Closes the connections no caller holds now; each lent one closes when it is given back. Later
    /// borrowers get `StorageError.Code.connectionClosed`.
    func close() {
        let free = state.withLock { state in
            guard !state.closed else { return [Int]() }
            state.closed = true
            return state.free
        }
        for index in free { connections[index].close() }
    }
}
