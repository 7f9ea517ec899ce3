import Foundation
import PerennialServer
import PerennialStorage

extension HTTPBenchmarks {
    /// `ledger-replay`: `perennial replay` of every subscription in the database (one round: the whole
    /// ledger), on the benchmark server's stack after its HTTP benchmarks; subscriptions per second.
    func replay(
        label: String, stack: PerennialStack, progress: @escaping @Sendable (String) -> Void
    ) async throws -> BenchmarkResult {
        guard let app = stack.apps.app(id: BenchApp.id) else { throw BenchmarkError("the bench app is not registered") }
        let started = ContinuousClock.now
        let statementsBefore = StatementCounter.count(stack.database.kind)
        let summary = try await stack.replay.replay(app: app, dryRun: false)
        let seconds = (ContinuousClock.now - started) / .seconds(1)
        let statements = Double(StatementCounter.count(stack.database.kind) - statementsBefore) / Double(max(1, summary.subscriptions))
        progress("\(label): replayed \(summary.subscriptions) subscriptions in \(String(format: "%.1f", seconds)) s "
            + "(\(summary.changed) changed; \(String(format: "%.2f", statements)) statements per subscription)")
        guard summary.subscriptions >= options.customers else {
            throw BenchmarkError("ledger-replay saw \(summary.subscriptions) subscriptions of \(options.customers)")
        }
        return BenchmarkResult(
            name: "\(BenchmarkName.ledgerReplay.rawValue)-\(label)", operationsPerSecond: Double(summary.subscriptions) / seconds,
            unit: "subscription")
    }
}
