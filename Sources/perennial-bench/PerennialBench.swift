import ArgumentParser
import Foundation
import PerennialBenchmarks

/// `perennial-bench [NAME…] [--seconds N] [--json]`: Perennial's hot paths, measured on this machine. Its own
/// executable, so the benchmarks (and what they link) stay out of the `perennial` product.
@main
struct PerennialBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "perennial-bench",
        abstract: "Measure Perennial's hot paths: operations per second (median of rounds), p50/p99 for HTTP.",
        discussion: """
            Benchmarks: \(BenchmarkName.allCases.map(\.rawValue).joined(separator: ", ")). Build in release mode \
            (swift build -c release). The HTTP benchmarks seed their databases once (--customers) and reuse them: \
            SQLite in --work-dir, PostgreSQL at --postgres-url (create the database first; --no-postgres skips it).
            """
    )

    @Argument(help: "Benchmarks to run (default: all).")
    var names: [String] = []

    @Option(help: "Seconds of measurement per benchmark, split into rounds.")
    var seconds: Double = 10

    @Option(help: "Rounds per benchmark; the median is reported.")
    var rounds: Int = 5

    @Flag(help: "Print one JSON object per line: {\"name\", \"ops_per_sec\", \"p50_ms\", \"p99_ms\"}.")
    var json = false

    @Option(help: "Apple's vectors (the shared fixtures folder); without them the benchmarks sign their own data.")
    var fixtures: String?

    @Option(help: "Customers in the HTTP benchmarks' databases and in engine-replay.")
    var customers: Int = 100_000

    @Option(help: "Customers whose rollups the metrics benchmark queries.")
    var metricsCustomers: Int = 1_000_000

    @Option(help: "Also measure entitlements-http over only this many customers (the customer cache warm).")
    var hotCustomers: Int?

    @Option(help: "Concurrent HTTP connections.")
    var connections: Int = 64

    @Option(help: "Where the SQLite benchmark database is kept between runs.")
    var workDir: String = NSTemporaryDirectory() + "perennial-bench"

    @Option(help: "The PostgreSQL database of the HTTP benchmarks.")
    var postgresURL: String = "postgres://perennial:perennial@127.0.0.1:5432/perennial_bench"

    @Flag(help: "Skip PostgreSQL.")
    var noPostgres = false

    @Flag(help: "Skip SQLite.")
    var noSqlite = false

    @Flag(help: "Also measure entitlements-http and notifications-http on a second server of the same database with metrics off.")
    var compareMetrics = false

    @Flag(help: "Serve with tracing on (spans exported to a collector stand-in) and compare with a second server of the same database with tracing off.")
    var compareTracing = false

    @Flag(help: "webhooks: send the deliveries only after the series is measured (the outbox's cost alone).")
    var webhooksSendAfter = false

    @Option(help: "Group commit of store notifications, MAX_BATCH:MAX_WAIT_MS (1:0 turns it off; default: SQLite 32:0, PostgreSQL off).")
    var groupCommit: String?

    /// `--group-commit` as (max batch, max wait in milliseconds).
    var groupCommitSettings: (maxBatch: Int, maxWaitMilliseconds: Int)? {
        let parts = (groupCommit ?? "").split(separator: ":").compactMap { Int($0) }
        guard parts.count == 2, (1...1_000).contains(parts[0]), (0...100).contains(parts[1]) else { return nil }
        return (parts[0], parts[1])
    }

    func validate() throws {
        for name in names where BenchmarkName(rawValue: name) == nil {
            throw ValidationError("unknown benchmark \(name); known: \(BenchmarkName.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if compareMetrics, compareTracing { throw ValidationError("--compare-metrics and --compare-tracing are measured in separate runs") }
        if groupCommit != nil, groupCommitSettings == nil { throw ValidationError("--group-commit is MAX_BATCH:MAX_WAIT_MS, e.g. 64:2") }
        guard seconds > 0, rounds > 0, customers > 0, connections > 0 else {
            throw ValidationError("--seconds, --rounds, --customers and --connections must be positive")
        }
    }

    func run() async throws {
        var options = BenchmarkOptions()
        options.seconds = seconds
        options.rounds = rounds
        options.fixturesDirectory = fixtures ?? Self.defaultFixtures()
        options.customers = customers
        options.metricsCustomers = metricsCustomers
        options.connections = connections
        options.hotCustomers = hotCustomers
        options.workDirectory = workDir
        options.postgresURL = noPostgres ? nil : postgresURL
        options.sqlite = !noSqlite
        options.compareMetrics = compareMetrics
        options.compareTracing = compareTracing
        options.webhooksSendAfter = webhooksSendAfter
        if let group = groupCommitSettings {
            options.groupCommitMaxBatch = group.maxBatch
            options.groupCommitMaxWaitMilliseconds = group.maxWaitMilliseconds
        }
        #if DEBUG
        FileHandle.standardError.write(Data("bench: this is a debug build; measure a release build (swift build -c release)\n".utf8))
        #endif
        let json = json
        try await BenchmarkSuite(options: options).run(names.compactMap(BenchmarkName.init(rawValue:))) { result in
            FileHandle.standardOutput.write(Data(((json ? result.jsonLine : result.textLine) + "\n").utf8))
        }
    }

    /// `Tests/Fixtures` of the repository in the working directory, when it exists.
    static func defaultFixtures() -> String? {
        let candidate = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            .appendingPathComponent("Tests/Fixtures").standardizedFileURL.path
        return FileManager.default.fileExists(atPath: candidate) ? candidate : nil
    }
}
