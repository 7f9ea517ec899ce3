/// Writes the telemetry in Prometheus's text format, for `GET /metrics`: the counters and histograms
/// recorded so far, and the gauges read at the time of asking (jobs waiting, active subscriptions).
public protocol TelemetryExposition: Sendable {
    /// The exposition's bytes (`text/plain; version=0.0.4`).
    func exposition() async -> [UInt8]
}
