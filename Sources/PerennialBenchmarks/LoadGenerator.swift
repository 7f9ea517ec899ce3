import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// Keeps `connections` HTTP/1.1 keep-alive connections busy against a server on loopback: each connection
/// sends its next request as soon as the previous answer arrived (a closed loop), and every latency is
/// recorded.
///
/// The client is deliberately thin, so that what it costs is small and bounded: every connection lives on one
/// event loop of its own group (one thread), with SwiftNIO's HTTP/1.1 client codec and one handler
/// (`LoadConnectionHandler`) that keeps only each answer's status and timing.
final class LoadGenerator: Sendable {
    /// One request to send: method, path, body and the status that counts as success.
    struct Request: Sendable {
        var method: HTTPMethod
        var path: String
        var headers: [(String, String)]
        var body: ByteBuffer?
        var expectedStatus: Int = 200
    }

    let port: Int
    let connections: Int
    private let group: MultiThreadedEventLoopGroup
    /// The open connection of each worker; a worker whose connection closed opens another.
    private let open = Mutex<[Int: LoadConnection]>([:])

    /// Creates a generator for `http://127.0.0.1:port` that keeps `connections` connections; they are opened
    /// by the first `run`.
    init(port: Int, connections: Int) {
        self.port = port
        self.connections = max(connections, 1)
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    }

    /// Runs for `seconds`, or until `next` has no more requests; `next(worker)` gives a worker its next
    /// request. A request answered with another status than `expectedStatus`, or not answered (the
    /// connection failed), counts as failed.
    func run(seconds: Double, next: @escaping @Sendable (_ worker: Int) -> Request?) async -> LoadRound {
        let start = NIODeadline.now()
        let deadline = start + .nanoseconds(Int64(seconds * 1e9))
        var round = await withTaskGroup(of: LoadRound.self) { group in
            for worker in 0..<connections {
                group.addTask { await self.work(worker: worker, until: deadline, next: next) }
            }
            var total = LoadRound()
            for await part in group { total.absorb(part) }
            return total
        }
        round.seconds = Double((NIODeadline.now() - start).nanoseconds) / 1e9
        return round
    }

    /// One worker's round: on its connection, reopened when the server closes it before the deadline.
    private func work(
        worker: Int, until deadline: NIODeadline, next: @escaping @Sendable (Int) -> Request?
    ) async -> LoadRound {
        var total = LoadRound()
        while NIODeadline.now() < deadline {
            let connection: LoadConnection
            if let existing = open.withLock({ $0[worker] }), existing.channel.isActive {
                connection = existing
            } else {
                do {
                    connection = try await LoadConnection.connect(group: group, port: port)
                } catch {
                    total.failed += 1
                    break
                }
                open.withLock { $0[worker] = connection }
            }
            total.absorb(await connection.round(worker: worker, until: deadline, next: next))
            // Still open: the round ended for this worker (deadline, or no more requests).
            if connection.channel.isActive { break }
        }
        return total
    }

    /// Closes the connections and stops the event loop.
    func shutdown() async {
        let connections = open.withLock { open in
            defer { open.removeAll() }
            return Array(open.values)
        }
        for connection in connections { await connection.close() }
        try? await group.shutdownGracefully()
    }
}
