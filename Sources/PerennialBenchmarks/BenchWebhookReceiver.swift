import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Synchronization

/// The team's endpoint in the `webhooks` benchmark: answers every POST 200 at once and notes when each
/// `webhook-id` first arrived (wall-clock milliseconds, comparable with the events' `recorded_at`).
struct BenchWebhookReceiver: Sendable {
    /// The first arrival of each webhook id, and how many requests came in all.
    final class Arrivals: Sendable {
        private let state = Mutex<(first: [String: Int64], requests: Int)>(([:], 0))

        func note(_ id: String) {
            let now = Int64(Date().timeIntervalSince1970 * 1000)
            state.withLock { state in
                state.requests += 1
                if state.first[id] == nil { state.first[id] = now }
            }
        }

        var first: [String: Int64] { state.withLock { $0.first } }
        var requests: Int { state.withLock { $0.requests } }
    }

    let arrivals: Arrivals
    /// The loopback port it listens on.
    let port: Int
    private let task: Task<Void, any Error>

    /// Starts listening on a free loopback port.
    static func start() async throws -> BenchWebhookReceiver {
        let arrivals = Arrivals()
        let router = Router()
        let idHeader = HTTPField.Name("webhook-id")!
        router.post("hooks") { request, _ -> HTTPResponse.Status in
            if let id = request.headers[idHeader] { arrivals.note(id) }
            return .ok
        }
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let application = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "bench-receiver"),
            onServerRunning: { channel in
                continuation.yield(channel.localAddress?.port ?? 0)
                continuation.finish()
            },
            logger: Self.quietLogger)
        let task = Task { try await application.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            task.cancel()
            throw BenchmarkError("the webhook receiver did not start")
        }
        return BenchWebhookReceiver(arrivals: arrivals, port: port, task: task)
    }

    /// The receiver's server logs nothing below critical: it is stopped by cancellation.
    private static var quietLogger: Logger {
        var logger = Logger(label: "perennial.bench.receiver")
        logger.logLevel = .critical
        return logger
    }

    func stop() async {
        task.cancel()
        _ = try? await task.value
    }
}
