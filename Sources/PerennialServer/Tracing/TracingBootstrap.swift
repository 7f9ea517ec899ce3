import Logging
import OTel
import ServiceLifecycle
import Tracing

/// Makes the process's tracer from `server.tracing` (swift-otel's OTLP/HTTP exporter), once per process:
/// `InstrumentationSystem` takes one bootstrap. Off, nothing is bootstrapped and every span the code opens
/// goes to the no-op tracer.
public enum TracingBootstrap {
    /// Bootstraps the tracer when the settings enable it; the service that batches and exports the spans,
    /// to run beside the server (it flushes what is left at shutdown).
    public static func start(_ settings: TracingSettings, logger: Logger) throws -> (any Service)? {
        guard settings.enabled else { return nil }
        let backend = try makeBackend(settings, logger: logger)
        InstrumentationSystem.bootstrap(backend.tracer)
        logger.info("tracing on", metadata: ["endpoint": "\(settings.endpoint)", "protocol": "\(settings.format.rawValue)"])
        return backend.service
    }

    /// swift-otel's tracer and exporting service for the settings, not bootstrapped (the benchmarks wrap it).
    public static func makeBackend(_ settings: TracingSettings, logger: Logger) throws -> (tracer: some Tracer, service: some Service) {
        var configuration = OTel.Configuration.default
        configuration.serviceName = settings.serviceName
        configuration.logs.enabled = false
        configuration.metrics.enabled = false
        configuration.traces.enabled = true
        configuration.traces.exporter = .otlp
        configuration.traces.otlpExporter.endpoint = settings.endpoint
        configuration.traces.otlpExporter.protocol = settings.format == .json ? .httpJSON : .httpProtobuf
        if let sampler = OTel.Configuration.TracesConfiguration.SamplerConfiguration.parentBasedTraceIDRatio(ratio: settings.sampleRatio) {
            configuration.traces.sampler = sampler
        }
        configuration.diagnosticLogger = .custom(logger)
        configuration.diagnosticLogLevel = .warning
        let backend = try OTel.makeTracingBackend(configuration: configuration)
        return (backend.factory, backend.service)
    }

    /// Puts the trace and span ids of the span a log line is written in into its metadata (`trace_id`,
    /// `span_id`), so that a log line leads to its trace; adds nothing outside a span.
    public static let logMetadataProvider: Logger.MetadataProvider = OTel.makeLoggingMetadataProvider()
}
