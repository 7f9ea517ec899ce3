import Foundation
import Logging
import PerennialCore
import PerennialDashboard
import PerennialServices
import PerennialStorage

/// `metrics`: the metric routes' queries over the rollups of `options.metricsCustomers` customers (a million by
/// default, about ten transactions each), on SQLite and PostgreSQL: a 12-month MRR series by month, a year of
/// daily active subscriptions, the 12-cohort retention table, 12 cohorts of lifetime value (per customer too,
/// summed by owner over every subscription), and the dashboard's overview of the last 30 days (six series
/// at once), each timed as `MetricsService` answers it (the route adds only JSON or HTML). The rollups are made once per database (`MetricsRollupSeeder`) and reused.
/// Also reported: the rate at which the write path's code computes subscriptions' contributions from their
/// facts (what a fold adds), and so what recomputing every figure from the facts costs instead.
struct MetricsBenchmark: Sendable {
    let options: BenchmarkOptions
    let logger: Logger

    func run(report: @Sendable (BenchmarkResult) -> Void, progress: @escaping @Sendable (String) -> Void) async throws {
        try FileManager.default.createDirectory(atPath: options.workDirectory, withIntermediateDirectories: true)
        let customers = options.metricsCustomers
        var databases: [(label: String, url: String)] = []
        if options.sqlite {
            let path = URL(fileURLWithPath: options.workDirectory).appendingPathComponent("bench-metrics-v5-\(customers).sqlite").path
            databases.append(("sqlite", "sqlite://" + path))
        }
        if let postgres = options.postgresURL { databases.append(("postgresql", postgres)) }
        let now = Instant(milliseconds: Int64(CivilDate(utcDayOf: SystemClock().now()).daysSince1970) * 86_400_000)
        for database in databases {
            let opened: PerennialDatabase
            do {
                opened = try await PerennialDatabase.open(url: database.url, logger: logger)
                _ = try await Migrations.migrate(opened)
            } catch {
                progress("skipping metrics on \(database.label): \(error)")
                continue
            }
            do {
                let ledger = SQLLedger(database: opened)
                let seeder = MetricsRollupSeeder(ledger: ledger, customers: customers, shards: database.label == "postgresql" ? 8 : 1)
                if let seeding = try await seeder.seedIfNeeded(now: now, progress: { progress("metrics \(database.label): \($0)") }) {
                    report(BenchmarkResult(
                        name: "metrics-contributions", operationsPerSecond: seeding.subscriptionsPerSecond, unit: "subscription"))
                }
                for result in try await measure(ledger: ledger, label: database.label, now: now) { report(result) }
            } catch {
                await TimeLimit.run("metrics \(database.label): closing the database", progress: progress) { await opened.shutdown() }
                throw error
            }
            await TimeLimit.run("metrics \(database.label): closing the database", progress: progress) { await opened.shutdown() }
        }
    }

    /// Each query timed `options.rounds` × 3 times after one untimed run; ops/s from the median.
    private func measure(ledger: SQLLedger, label: String, now: Instant) async throws -> [BenchmarkResult] {
        let service = MetricsService(ledger: ledger)
        let app = AppSettings(
            id: MetricsBenchFacts.appID, bundleID: "com.example.metrics", catalog: MetricsBenchFacts.catalog,
            publicAPIKey: "pk_metrics", secretAPIKey: "sk_metrics")
        let today = CivilDate(utcDayOf: now)
        let yearAgo = today.adding(days: -364)
        let monthsAgo = CivilDate(year: today.year - 1, month: today.month, day: 1)!
        let queries: [(String, @Sendable () async throws -> Int)] = [
            ("mrr-12-months", { try await service.series(app: app, name: "mrr", from: monthsAgo, through: today, interval: .month)?.count ?? 0 }),
            ("active-365-days", {
                try await service.series(app: app, name: "active_subscriptions", from: yearAgo, through: today, interval: .day)?.count ?? 0
            }),
            ("retention-12-cohorts", { try await service.retention(app: app, from: monthsAgo, through: today).rows.count }),
            ("ltv-12-cohorts", { try await service.series(app: app, name: "ltv", from: monthsAgo, through: today, interval: .month)?.count ?? 0 }),
            // The dashboard's overview page: six series of the last 30 days read at once.
            ("dashboard-overview-30-days", {
                try await DashboardOverview.figureCount(metrics: service, app: app, from: today.adding(days: -29), through: today)
            }),
        ]
        var results: [BenchmarkResult] = []
        for (name, query) in queries {
            guard try await query() > 0 else { throw BenchmarkError("metrics \(name) answered nothing") }
            var times: [Double] = []
            for _ in 0..<max(3, options.rounds * 3) {
                let start = ContinuousClock.now
                _ = try await query()
                times.append(Statistics.seconds(ContinuousClock.now - start) * 1_000)
            }
            let median = Statistics.median(times)
            results.append(BenchmarkResult(
                name: "metrics-\(name)-\(label)", operationsPerSecond: 1_000 / median, p50Milliseconds: median,
                p99Milliseconds: times.max(), unit: "query"))
        }
        return results
    }
}
