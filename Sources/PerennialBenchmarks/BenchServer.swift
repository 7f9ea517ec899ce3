import AsyncHTTPClient
import Foundation
import PerennialStorage
import Hummingbird
import Logging
import PerennialServer
import PerennialServices

/// `perennial serve` in-process: the whole stack (`PerennialStack`, every route and middleware) on an
/// ephemeral loopback port, plus `GET /bench/hello`, a constant answer through the same middleware that
/// shows what the framework alone can do.
struct BenchServer: Sendable {
    let stack: PerennialStack
    let port: Int
    private let task: Task<Void, any Error>

    /// The master key of the benchmark databases. They hold nothing secret, so a fixed key lets a seeded
    /// database be reused from one run to the next.
    static let masterKey = Data(repeating: 0x42, count: 32)

    /// Opens (and migrates) the database at `databaseURL` and starts serving; `metrics: false` as
    /// `server.metrics.enabled: false`. `traced` (with `BenchTracing` started): true as `server.tracing.enabled`,
    /// false for a server whose requests make no spans; nil: neither.
    static func start(
        databaseURL: String, trustedRoot: Data, groupCommit: GroupCommitSettings? = nil, metrics: Bool = true, traced: Bool? = nil,
        logger: Logger
    ) async throws -> BenchServer {
        var configuration = PerennialConfiguration(apps: [BenchApp.settings(trustedRoot: trustedRoot)])
        configuration.server.databaseURL = databaseURL
        configuration.server.groupCommit = groupCommit
        configuration.server.metrics.enabled = metrics
        configuration.server.tracing.enabled = traced == true
        // The webhooks benchmark's receiver is on loopback.
        configuration.server.webhooks.allowsPrivateAddresses = true
        // Rate limits stay in the path, with budgets no benchmark reaches.
        let unlimited = RateLimit(perSecond: 10_000_000, burst: 10_000_000)
        configuration.server.rateLimits = RateLimitSettings(publicKey: unlimited, secretKey: unlimited, notifications: unlimited)
        let stack = try await PerennialStack.open(
            configuration: configuration, masterKey: masterKey, transport: AsyncHTTPClientTransport(client: .shared),
            logger: logger
        )
        let router = stack.router()
        if traced == false { router.add(middleware: UntracedMiddleware()) }
        router.get("bench/hello") { _, _ -> String in "hello" }
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let application = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "perennial"),
            onServerRunning: { channel in
                continuation.yield(channel.localAddress?.port ?? 0)
                continuation.finish()
            },
            logger: applicationLogger(logger)
        )
        let task = Task { try await application.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            task.cancel()
            await stack.shutdown()
            throw BenchmarkError("the benchmark server did not start")
        }
        return BenchServer(stack: stack, port: port, task: task)
    }

    /// The framework's logger: the stack's, without the error Hummingbird logs when the benchmark stops the
    /// server by cancelling it.
    private static func applicationLogger(_ logger: Logger) -> Logger {
        var quiet = logger
        quiet.logLevel = .critical
        return quiet
    }

    /// Stops serving and closes the database.
    func stop() async {
        task.cancel()
        _ = try? await task.value
        await stack.shutdown()
    }
}
