/// One benchmark's figures: operations per second (the median of its rounds) and, for benchmarks that
/// serve requests, the latency percentiles.
public struct BenchmarkResult: Sendable, Hashable {
    public var name: String
    public var operationsPerSecond: Double
    public var p50Milliseconds: Double?
    public var p99Milliseconds: Double?

    public init(name: String, operationsPerSecond: Double, p50Milliseconds: Double? = nil, p99Milliseconds: Double? = nil) {
        self.name = name
        self.operationsPerSecond = operationsPerSecond
        self.p50Milliseconds = p50Milliseconds
        self.p99Milliseconds = p99Milliseconds
    }
}
