import Foundation

/// One benchmark's figures: operations per second (the median of its rounds) and, for benchmarks that
/// serve requests, the latency percentiles and the process's peak memory under the load.
public struct BenchmarkResult: Sendable, Hashable {
    /// The benchmark's name (`jws-verify`, `entitlements-http-sqlite`, `receipt-fold@500` …).
    public var name: String
    /// Operations per second: the median of the rounds.
    public var operationsPerSecond: Double
    /// The median latency of the requests, in milliseconds (HTTP benchmarks).
    public var p50Milliseconds: Double?
    /// The 99th-percentile latency of the requests, in milliseconds (HTTP benchmarks).
    public var p99Milliseconds: Double?
    /// The process's peak resident memory while the benchmark ran, in megabytes (HTTP benchmarks).
    public var peakMemoryMegabytes: Double?
    /// What one operation is (`verify`, `request`, `transaction` …), for people reading the table.
    public var unit: String?
    /// The SQL statements the process sent per operation completed (`BEGIN` and `COMMIT` included; on
    /// PostgreSQL each is a round trip), background work during the rounds included; nil when not counted.
    public var statementsPerOperation: Double?

    /// Creates a result.
    public init(
        name: String, operationsPerSecond: Double, p50Milliseconds: Double? = nil, p99Milliseconds: Double? = nil,
        peakMemoryMegabytes: Double? = nil, unit: String? = nil, statementsPerOperation: Double? = nil
    ) {
        self.statementsPerOperation = statementsPerOperation
        self.name = name
        self.operationsPerSecond = operationsPerSecond
        self.p50Milliseconds = p50Milliseconds
        self.p99Milliseconds = p99Milliseconds
        self.peakMemoryMegabytes = peakMemoryMegabytes
        self.unit = unit
    }

    /// One JSON object on one line: `{"name", "ops_per_sec", "p50_ms", "p99_ms"}` (nulls written out), plus
    /// `peak_rss_mb`, `unit` and `statements_per_op` when known.
    public var jsonLine: String {
        var fields = [
            "\"name\": \(Self.quoted(name))",
            "\"ops_per_sec\": \(Self.number(operationsPerSecond, digits: 1))",
            "\"p50_ms\": \(p50Milliseconds.map { Self.number($0, digits: 3) } ?? "null")",
            "\"p99_ms\": \(p99Milliseconds.map { Self.number($0, digits: 3) } ?? "null")",
        ]
        if let peakMemoryMegabytes { fields.append("\"peak_rss_mb\": \(Self.number(peakMemoryMegabytes, digits: 1))") }
        if let unit { fields.append("\"unit\": \(Self.quoted(unit))") }
        if let statementsPerOperation {
            fields.append("\"statements_per_op\": \(Self.number(statementsPerOperation, digits: 1))")
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// A line for people: name, rate, latencies and memory when known.
    public var textLine: String {
        var text = name.padding(toLength: 32, withPad: " ", startingAt: 0)
            + String(format: "%14.1f %@/s", operationsPerSecond, unit ?? "op")
        if let p50Milliseconds, let p99Milliseconds {
            text += String(format: "   p50 %.2f ms  p99 %.2f ms", p50Milliseconds, p99Milliseconds)
        }
        if let peakMemoryMegabytes { text += String(format: "   peak RSS %.0f MB", peakMemoryMegabytes) }
        if let statementsPerOperation { text += String(format: "   %.1f statements/%@", statementsPerOperation, unit ?? "op") }
        return text
    }

    private static func number(_ value: Double, digits: Int) -> String {
        value.isFinite ? String(format: "%.\(digits)f", value) : "null"
    }

    private static func quoted(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\"\(escaped)\""
    }
}
