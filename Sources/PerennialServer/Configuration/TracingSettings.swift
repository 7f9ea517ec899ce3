/// OpenTelemetry traces (`server.tracing`): off unless enabled; when on, a span for each request, store call,
/// ledger write and job, exported over OTLP/HTTP to a collector. The standard `OTEL_*` environment variables
/// (`OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`, `OTEL_TRACES_SAMPLER`, `OTEL_BSP_SCHEDULE_DELAY`, …) override these.
public struct TracingSettings: Sendable, Hashable {
    /// How spans are encoded on the wire.
    public enum WireFormat: String, Sendable, Hashable, CaseIterable {
        case protobuf = "http/protobuf"
        case json = "http/json"
    }

    public var enabled = false
    /// The collector's OTLP/HTTP traces URL; default the local collector's.
    public var endpoint = "http://127.0.0.1:4318/v1/traces"
    public var format = WireFormat.protobuf
    /// The share of new traces kept (0 to 1); a request that arrives inside a trace follows its caller's choice.
    public var sampleRatio = 1.0
    /// `service.name` in every span's resource.
    public var serviceName = "perennial"

    public init() {}
}
