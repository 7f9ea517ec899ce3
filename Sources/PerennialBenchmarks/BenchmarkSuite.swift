import Foundation
import Logging

/// Runs benchmarks by name and hands each result over as soon as it is measured. The HTTP benchmarks run
/// first, so that the peak memory they report is not inflated by the in-memory benchmarks' inputs.
///
/// ```swift
/// var options = BenchmarkOptions()
/// options.seconds = 5
/// try await BenchmarkSuite(options: options).run([.jwsVerify]) { print($0.jsonLine) }
/// ```
public struct BenchmarkSuite: Sendable {
    /// Durations, sizes and where the inputs and databases are.
    public var options: BenchmarkOptions
    /// Receives progress notes (seeding, skipped databases); standard error by default.
    public var progress: @Sendable (String) -> Void
    let logger: Logger

    /// Creates a suite. `logger` is the server's (warnings and above by default, so that a benchmark measures
    /// serving, not logging).
    public init(
        options: BenchmarkOptions, logger: Logger? = nil,
        progress: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data(("bench: " + $0 + "\n").utf8)) }
    ) {
        self.options = options
        self.progress = progress
        if let logger {
            self.logger = logger
        } else {
            var quiet = Logger(label: "perennial.bench")
            quiet.logLevel = .warning
            self.logger = quiet
        }
    }

    /// Runs `names` (every benchmark when empty), HTTP ones first, and reports each result.
    public func run(_ names: [BenchmarkName] = [], report: @escaping @Sendable (BenchmarkResult) -> Void) async throws {
        let selected = names.isEmpty ? BenchmarkName.allCases : names
        let fixtures = BenchFixtures(directory: options.fixturesDirectory)
        if selected.contains(where: \.servesHTTP) {
            try await HTTPBenchmarks(options: options, logger: logger).run(selected.filter(\.servesHTTP), report: report, progress: progress)
        }
        for name in selected where !name.servesHTTP {
            switch name {
            case .jwsVerify:
                let benchmark = try JWSVerifyBenchmark.make(fixtures: fixtures)
                progress("jws-verify on a \(benchmark.source)")
                report(try await benchmark.run(options: options))
            case .offerSign:
                report(try await OfferSignBenchmark.make(fixtures: fixtures).run(options: options))
            case .receiptFold:
                for result in try await ReceiptFoldBenchmark(fixtureBody: fixtures.verifyReceiptBody).run(options: options) {
                    report(result)
                }
            case .engineReplay:
                for result in try await EngineReplayBenchmark().run(options: options) { report(result) }
            case .metrics:
                try await MetricsBenchmark(options: options, logger: logger).run(report: report, progress: progress)
            case .telemetryRecord:
                for result in await TelemetryRecordBenchmark().run(options: options) { report(result) }
            case .entitlementsHTTP, .notificationsHTTP, .helloHTTP, .ledgerReplay, .webhooks, .paywallHTTP:
                break
            }
        }
    }
}
