import Foundation
import PerennialCore
import PerennialServices
import PerennialStorage

/// After a crash-safety run: the stored states, events and metric rollups are what a replay from the facts
/// gives. Every metric's monthly series over the workload's months is read from the rollups, the app's
/// subscriptions are replayed (which rewrites each one's contributions), and the series read again.
struct ReplayCheck {
    let app: AppSettings
    let now: Instant

    /// Problems found, none when the database equals its replay.
    func problems(in database: PerennialDatabase) async throws -> [String] {
        let ledger = SQLLedger(database: database)
        let from = CivilDate(utcDayOf: now.adding(milliseconds: -200 * CrashSafetyWorkload.day))
        let through = CivilDate(utcDayOf: now.adding(milliseconds: 40 * CrashSafetyWorkload.day))
        let before = try await series(ledger, from: from, through: through)
        let summary = try await ReplayService(ledger: ledger, clock: SystemClock()).replay(app: app, dryRun: false)
        let after = try await series(ledger, from: from, through: through)
        var problems: [String] = []
        if summary.changed > 0 { problems.append("a replay changed \(summary.changed) of \(summary.subscriptions) subscriptions") }
        for name in before.keys.sorted() where before[name] != after[name] {
            problems.append("metric \(name) differs from its replay: \(before[name] ?? []) then \(after[name] ?? [])")
        }
        return problems
    }

    private func series(_ ledger: SQLLedger, from: CivilDate, through: CivilDate) async throws -> [String: [SubscriptionMetrics.Point]] {
        let metrics = MetricsService(ledger: ledger)
        var all: [String: [SubscriptionMetrics.Point]] = [:]
        for name in MetricSeries.names.sorted() {
            all[name] = try await metrics.series(app: app, name: name, from: from, through: through, interval: .month)
        }
        return all
    }
}
