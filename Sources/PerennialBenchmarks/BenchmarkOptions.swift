import Foundation
import PerennialStorage

/// How long and how big the benchmarks run, and where their inputs and databases are.
public struct BenchmarkOptions: Sendable {
    /// Seconds of measurement per benchmark (split into `rounds`); warm-up comes on top.
    public var seconds: Double = 10
    /// Rounds per benchmark; the median round is reported.
    public var rounds: Int = 5
    /// Apple's signed vectors (`conformance/vectors.json`, `conformance/verify_receipt_50.json`); nil or
    /// missing files: the benchmarks sign and generate their own inputs.
    public var fixturesDirectory: String?
    /// Customers in the HTTP benchmarks' databases and in `engine-replay`'s larger size.
    public var customers: Int = 100_000
    /// Customers whose rollups `metrics` queries.
    public var metricsCustomers: Int = 1_000_000
    /// When set, entitlements-http also reads only this many customers (`entitlements-http-warm-…`): the
    /// customer cache warm, beside the cold figure over every customer.
    public var hotCustomers: Int?
    /// Concurrent HTTP connections.
    public var connections: Int = 64
    /// Where the SQLite database lives between runs (seeded once, reused while it holds `customers`).
    public var workDirectory: String = NSTemporaryDirectory() + "perennial-bench"
    /// The PostgreSQL database for the HTTP benchmarks; nil skips PostgreSQL.
    public var postgresURL: String? = "postgres://perennial:perennial@127.0.0.1:5432/perennial_bench"
    /// Whether the HTTP benchmarks run on SQLite.
    public var sqlite = true
    /// How the served stack groups store notifications' writes (`server.group_commit`): the most writes
    /// per transaction, and how long a batch waits for more (1 and 0 turn grouping off); nil: each
    /// database's defaults.
    public var groupCommitMaxBatch: Int?
    public var groupCommitMaxWaitMilliseconds = 2
    /// Also measures entitlements-http and notifications-http on a second server of the same database with
    /// `server.metrics.enabled: false` (`…-no-metrics-<database>`), rounds taken in turn with the first's.
    public var compareMetrics = false
    /// Also measures entitlements-http and notifications-http on a second server of the same database with
    /// tracing off (`…-no-tracing-<database>`), the first with `server.tracing` on, exporting to a collector
    /// stand-in in the process (`BenchTracing`).
    public var compareTracing = false
    /// `webhooks`: the runner starts sending only once the series is measured, so that the series shows the
    /// cost of recording deliveries (the outbox, in each notification's write) without that of sending them.
    public var webhooksSendAfter = false

    var groupCommit: GroupCommitSettings? {
        groupCommitMaxBatch.map { GroupCommitSettings(maxBatch: $0, maxWait: .milliseconds(groupCommitMaxWaitMilliseconds)) }
    }

    /// The defaults: 10 s in 5 rounds, 100,000 customers, 64 connections, SQLite and the local PostgreSQL.
    public init() {}
}
