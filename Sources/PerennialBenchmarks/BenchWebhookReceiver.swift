import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// The team's endpoint in the `webhooks` benchmark: answers every request 200 at once and notes when each
/// `webhook-id` first arrived (wall-clock milliseconds, comparable with the events' `recorded_at`).
///
/// A bare NIO HTTP/1.1 server rather than a Hummingbird application: the receiver stands for the team's
/// server, which runs on another machine, yet here it shares the benchmark's two cores with Perennial, so
/// every cycle it spends is taken from the notifications measured. Kept as small as a server can be, it
/// distorts the delivery path's measured cost as little as it can.
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
    private let channel: any Channel

    /// Starts listening on a free loopback port.
    static func start() async throws -> BenchWebhookReceiver {
        let arrivals = Arrivals()
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(BenchWebhookReceiverHandler(arrivals: arrivals))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        guard let port = channel.localAddress?.port, port > 0 else {
            try? await channel.close()
            throw BenchmarkError("the webhook receiver did not start")
        }
        return BenchWebhookReceiver(arrivals: arrivals, port: port, channel: channel)
    }

    /// Stops listening (connections the dispatcher keeps open end with the benchmark).
    func stop() async {
        try? await channel.close()
    }
}
