/// Whether `GET /metrics` is served, and to whom (`server.metrics`).
public struct TelemetrySettings: Sendable, Hashable {
    /// Default true: the counters cost a few microseconds a request; false removes the route and records
    /// nothing.
    public var enabled = true
    /// The token a scraper on another machine sends (`Authorization: Bearer …`), read from
    /// `server.metrics.token_file` or `PERENNIAL_METRICS_TOKEN`; nil: the same machine only.
    public var token: String?

    public init(enabled: Bool = true, token: String? = nil) {
        self.enabled = enabled
        self.token = token
    }

    /// A token shorter than this is refused: it would be guessed.
    static let minimumTokenLength = 16
}
