import Foundation
import PerennialAppStore
import PerennialCore

/// `receipt-fold`: decode a verifyReceipt body (`VerifyReceiptResponse`), translate it into facts
/// (`ReceiptFactTranslator`) and fold them into subscription states (`SubscriptionEngine`), on one core.
/// Runs on Apple's 50-entry fixture when it is there, and on generated bodies of 50 and 500 entries to show
/// that the cost grows linearly with the entries.
struct ReceiptFoldBenchmark: Sendable {
    let fixtureBody: Data?

    /// Folds per second for each body.
    func run(options: BenchmarkOptions) async throws -> [BenchmarkResult] {
        let now = SystemClock().now()
        var bodies: [(String, Data)] = []
        if let fixtureBody { bodies.append((BenchmarkName.receiptFold.rawValue, fixtureBody)) }
        for entries in [50, 500] {
            bodies.append(("\(BenchmarkName.receiptFold.rawValue)@\(entries)", VerifyReceiptBodyGenerator.body(entries: entries, now: now.milliseconds)))
        }
        var results: [BenchmarkResult] = []
        for (name, body) in bodies {
            guard try Self.fold(body, at: now) > 0 else { throw BenchmarkError("\(name): the body holds no subscription") }
            let rate = try await RoundTimer.operationsPerSecond(seconds: options.seconds / 2, rounds: options.rounds) {
                _ = try Self.fold(body, at: now)
                return 1
            }
            results.append(BenchmarkResult(name: name, operationsPerSecond: rate, unit: "receipt"))
        }
        return results
    }

    /// Decodes and folds `body`; returns how many subscription states it gave.
    static func fold(_ body: Data, at instant: Instant) throws -> Int {
        let response = try VerifyReceiptResponse.decode(from: body)
        let batch = ReceiptFactTranslator().translate(response, fallbackObservedAt: instant).batch
        return SubscriptionEngine().states(of: batch, at: instant).count
    }
}
