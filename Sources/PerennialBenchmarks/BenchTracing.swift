import Foundation
import Hummingbird
import Logging
import NIOCore
import PerennialServer
import ServiceLifecycle
import Tracing

/// The tracer of `--compare-tracing`: swift-otel's, as `perennial serve` makes it with tracing on (OTLP/HTTP
/// protobuf, batched), behind `SwitchableTracer`, exporting to a collector stand-in in this process that
/// reads and drops every export (`POST /v1/traces`), so that the traced server pays for making, batching,
/// encoding and sending its spans.
struct BenchTracing: Sendable {
    private let collector: Task<Void, any Error>
    private let exporter: Task<Void, any Error>

    /// Starts the collector, bootstraps the process's tracer (once per process) and runs its exporter.
    static func start(logger: Logger) async throws -> BenchTracing {
        let router = Router()
        router.post("v1/traces") { request, _ -> HTTPResponse.Status in
            _ = try await request.body.collect(upTo: 64 * 1024 * 1024)
            return .ok
        }
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        var quiet = logger
        quiet.logLevel = .critical
        let application = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "collector"),
            onServerRunning: { channel in
                continuation.yield(channel.localAddress?.port ?? 0)
                continuation.finish()
            },
            logger: quiet)
        let collector = Task { try await application.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            collector.cancel()
            throw BenchmarkError("the collector stand-in did not start")
        }
        var settings = TracingSettings()
        settings.enabled = true
        settings.endpoint = "http://127.0.0.1:\(port)/v1/traces"
        let backend = try TracingBootstrap.makeBackend(settings, logger: logger)
        InstrumentationSystem.bootstrap(SwitchableTracer(base: backend.tracer))
        let service = backend.service
        let exporter = Task { try await service.run() }
        return BenchTracing(collector: collector, exporter: exporter)
    }

    func stop() async {
        exporter.cancel()
        _ = try? await exporter.value
        collector.cancel()
        _ = try? await collector.value
    }
}
