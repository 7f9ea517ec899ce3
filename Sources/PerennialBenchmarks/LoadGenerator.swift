import AsyncHTTPClient
import Foundation
import Hummingbird

/// Keeps `connections` HTTP/1.1 keep-alive connections busy against a server on loopback: each connection
/// sends its next request as soon as the previous answer arrived (a closed loop), and every latency is
/// recorded.
final class LoadGenerator: Sendable {
    /// One request to send: method, path, body and the status that counts as success.
    struct Request: Sendable {
        var method: HTTPMethodName
        var path: String
        var headers: [(String, String)]
        var body: ByteBuffer?
        var expectedStatus: Int = 200
    }

    /// GET or POST.
    enum HTTPMethodName: Sendable { case get, post }

    let baseURL: String
    let connections: Int
    private let client: HTTPClient

    /// Creates a generator for `http://127.0.0.1:port` with its own connection pool of `connections`.
    init(port: Int, connections: Int) {
        baseURL = "http://127.0.0.1:\(port)"
        self.connections = max(connections, 1)
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool = .init(
            idleTimeout: .seconds(120), concurrentHTTP1ConnectionsPerHostSoftLimit: self.connections
        )
        configuration.timeout = .init(connect: .seconds(10), read: .seconds(60))
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// Runs for `seconds`, or until `next` has no more requests; `next(worker)` gives a worker its next
    /// request.
    func run(seconds: Double, next: @escaping @Sendable (_ worker: Int) -> Request?) async -> LoadRound {
        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start.advanced(by: .nanoseconds(Int64(seconds * 1e9)))
        var round = await withTaskGroup(of: LoadRound.self) { group in
            for worker in 0..<connections {
                group.addTask { await self.work(worker: worker, until: deadline, next: next) }
            }
            var total = LoadRound()
            for await part in group { total.absorb(part) }
            return total
        }
        round.seconds = Statistics.seconds(clock.now - start)
        return round
    }

    private func work(
        worker: Int, until deadline: ContinuousClock.Instant, next: @Sendable (Int) -> Request?
    ) async -> LoadRound {
        let clock = ContinuousClock()
        var round = LoadRound()
        round.latencies.reserveCapacity(4096)
        while clock.now < deadline, let request = next(worker) {
            var outgoing = HTTPClientRequest(url: baseURL + request.path)
            outgoing.method = request.method == .get ? .GET : .POST
            for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
            if let body = request.body { outgoing.body = .bytes(body) }
            let sent = clock.now
            do {
                let response = try await client.execute(outgoing, timeout: .seconds(60))
                _ = try await response.body.collect(upTo: 16 * 1024 * 1024)
                if Int(response.status.code) == request.expectedStatus {
                    round.completed += 1
                    round.latencies.append(Statistics.seconds(clock.now - sent) * 1000)
                } else {
                    round.failed += 1
                }
            } catch {
                round.failed += 1
            }
        }
        return round
    }

    /// Closes the connections.
    func shutdown() async {
        try? await client.shutdown()
    }
}
