import Foundation
import Hummingbird
import Logging
import PerennialCore
import PerennialSimulator
import PerennialStorage

/// `entitlements-http`, `notifications-http` and `hello-http`: the stack served on loopback against a
/// database of `options.customers` customers, loaded by `options.connections` keep-alive connections.
struct HTTPBenchmarks: Sendable {
    let options: BenchmarkOptions
    let logger: Logger

    /// The databases to run on: SQLite in the work directory, and PostgreSQL when a URL is set.
    var databases: [(label: String, url: String)] {
        var result: [(String, String)] = []
        if options.sqlite {
            let path = URL(fileURLWithPath: options.workDirectory).appendingPathComponent("bench-\(options.customers).sqlite").path
            result.append(("sqlite", Self.sqliteScheme + path))
        }
        if let postgres = options.postgresURL { result.append(("postgresql", postgres)) }
        return result
    }

    /// Runs the requested HTTP benchmarks on every database. `hello-http` runs on each, its rounds taken in
    /// turn with `entitlements-http`'s; on databases after the first it is named `hello-http-<database>`.
    func run(
        _ names: [BenchmarkName], report: @Sendable (BenchmarkResult) -> Void, progress: @escaping @Sendable (String) -> Void
    ) async throws {
        try FileManager.default.createDirectory(atPath: options.workDirectory, withIntermediateDirectories: true)
        let tracing = options.compareTracing ? try await BenchTracing.start(logger: logger) : nil
        do {
            try await runOnEveryDatabase(names, report: report, progress: progress)
        } catch {
            await tracing?.stop()
            throw error
        }
        await tracing?.stop()
    }

    private func runOnEveryDatabase(
        _ names: [BenchmarkName], report: @Sendable (BenchmarkResult) -> Void, progress: @escaping @Sendable (String) -> Void
    ) async throws {
        var helloDone = false
        for database in databases {
            let authority = try SimulatorSigningAuthority(validFrom: SystemClock().now())
            let start = {
                try await BenchServer.start(
                    databaseURL: database.url, trustedRoot: authority.rootCertificateDER, groupCommit: options.groupCommit,
                    traced: options.compareTracing ? true : nil, logger: self.logger
                )
            }
            let sqliteFile = database.url.hasPrefix(Self.sqliteScheme)
                ? SeededSQLiteFile(path: String(database.url.dropFirst(Self.sqliteScheme.count))) : nil
            var server: BenchServer
            let restored: Bool
            do {
                restored = try sqliteFile?.restore() ?? false
                server = try await start()
            } catch {
                progress("skipping \(database.label): \(error)")
                continue
            }
            do {
                let seeder = DatabaseSeeder(ledger: SQLLedger(database: server.stack.database), customers: options.customers)
                try await seeder.seedIfNeeded { progress("\(database.label): \($0)") }
                if let sqliteFile, !restored {
                    // Closed first, so that the copy kept is the whole database, its log merged.
                    await server.stop()
                    try sqliteFile.keep()
                    server = try await start()
                }
                let load = LoadGenerator(port: server.port, connections: options.connections)
                // The same database served again without metrics (or traces), for their cost, measured in the same run.
                let quiet = options.compareMetrics || options.compareTracing ? try await BenchServer.start(
                    databaseURL: database.url, trustedRoot: authority.rootCertificateDER, groupCommit: options.groupCommit,
                    metrics: !options.compareMetrics, traced: options.compareTracing ? false : nil, logger: self.logger) : nil
                let without = options.compareMetrics ? "no-metrics" : "no-tracing"
                let quietLoad = quiet.map { LoadGenerator(port: $0.port, connections: options.connections) }
                // hello-http's rounds alternate with entitlements-http's on the same server, so that the ratio of
                // the two compares rounds taken seconds apart, whatever the host's other tenants do meanwhile.
                var series: [LoadSeries] = []
                if names.contains(.helloHTTP) {
                    series.append(LoadSeries(name: helloDone ? "hello-http-\(database.label)" : "hello-http") { _ in Self.hello })
                    helloDone = true
                }
                if names.contains(.entitlementsHTTP) {
                    let customers = options.customers
                    series.append(LoadSeries(name: "entitlements-http-\(database.label)") { _ in
                        Self.customer(Int.random(in: 0..<customers))
                    })
                    if let quietLoad {
                        series.append(LoadSeries(name: "entitlements-http-\(without)-\(database.label)", load: quietLoad) { _ in
                            Self.customer(Int.random(in: 0..<customers))
                        })
                    }
                }
                // The same reads concentrated on a few customers: the customer cache warm; and the paywall of the
                // same customers, in turn with them.
                let hot = min(max(1, options.hotCustomers ?? 1_000), options.customers)
                if (names.contains(.entitlementsHTTP) && options.hotCustomers != nil) || names.contains(.paywallHTTP) {
                    series.append(LoadSeries(name: "entitlements-http-warm-\(database.label)") { _ in
                        Self.customer(Int.random(in: 0..<hot))
                    })
                }
                if names.contains(.paywallHTTP) {
                    try await BenchPaywalls.save(in: SQLLedger(database: server.stack.database))
                    series.append(LoadSeries(name: "paywall-http-\(database.label)") { _ in
                        BenchPaywalls.request(Int.random(in: 0..<hot))
                    })
                }
                if !series.isEmpty {
                    for result in await measure(series, unit: "request", load: load) { report(result) }
                }
                if names.contains(.notificationsHTTP) {
                    report(try await notifications(
                        name: "notifications-http-\(database.label)", kind: server.stack.database.kind, load: load, authority: authority,
                        progress: progress))
                    if let quietLoad {
                        report(try await notifications(
                            name: "notifications-http-\(without)-\(database.label)", kind: server.stack.database.kind, load: quietLoad,
                            authority: authority, progress: progress))
                    }
                }
                if names.contains(.webhooks) {
                    let results = try await WebhookBenchmark(options: options, logger: logger).run(
                        label: database.label, server: server,
                        measureNotifications: { [kind = server.stack.database.kind] names, prepare in
                            try await notifications(names: names, kind: kind, load: load, authority: authority, prepare: prepare, progress: progress)
                        },
                        progress: progress)
                    for result in results { report(result) }
                }
                if names.contains(.ledgerReplay) {
                    report(try await replay(label: database.label, stack: server.stack, progress: progress))
                }
                await TimeLimit.run("\(database.label): closing the load's connections", progress: progress) {
                    await load.shutdown()
                    await quietLoad?.shutdown()
                }
                if let quiet { await TimeLimit.run("\(database.label): stopping the second server", progress: progress) { await quiet.stop() } }
            } catch {
                await TimeLimit.run("\(database.label): stopping the server", progress: progress) { [server] in await server.stop() }
                throw error
            }
            await TimeLimit.run("\(database.label): stopping the server", progress: progress) { [server] in await server.stop() }
        }
    }

    static let sqliteScheme = "sqlite://"

    static let hello = LoadGenerator.Request(
        method: .GET, path: "/bench/hello", headers: [("Authorization", "Bearer \(BenchApp.publicKey)")], body: nil
    )

    static func customer(_ index: Int) -> LoadGenerator.Request {
        LoadGenerator.Request(
            method: .GET, path: "/v1/customers/\(BenchApp.appUserID(index))",
            headers: [("Authorization", "Bearer \(BenchApp.publicKey)")], body: nil
        )
    }

    static func notification(_ body: ByteBuffer) -> LoadGenerator.Request {
        LoadGenerator.Request(
            method: .POST, path: "/v1/apple/notifications/\(BenchApp.id)", headers: [("Content-Type", "application/json")],
            body: body
        )
    }

    /// A warm-up second of each series, then `options.rounds` rounds of each, taken in turn; for each, the
    /// median round's rate, the latencies of every counted request, and the peak memory since the warm-up
    /// ended (of all the series together).
    private func measure(_ series: [LoadSeries], unit: String, load: LoadGenerator) async -> [BenchmarkResult] {
        for item in series { _ = await (item.load ?? load).run(seconds: min(1, options.seconds / 4), next: item.next) }
        MemoryProbe.resetPeak()
        var rates = Array(repeating: [Double](), count: series.count)
        var latencies = Array(repeating: [Double](), count: series.count)
        var failed = Array(repeating: 0, count: series.count)
        for _ in 0..<max(options.rounds, 1) {
            for (index, item) in series.enumerated() {
                let round = await (item.load ?? load).run(seconds: options.seconds / Double(max(options.rounds, 1)), next: item.next)
                rates[index].append(round.rate)
                latencies[index] += round.latencies
                failed[index] += round.failed
            }
        }
        return series.indices.map { index in
            result(name: series[index].name, unit: unit, rates: rates[index], latencies: latencies[index], failed: failed[index])
        }
    }

    /// Like `measure`, but every request posts a notification signed beforehand (signing is not timed):
    /// each round gets a fresh pool sized from the previous round's rate.
    private func notifications(
        name: String, kind: DatabaseKind, load: LoadGenerator, authority: SimulatorSigningAuthority, progress: @Sendable (String) -> Void
    ) async throws -> BenchmarkResult {
        try await notifications(names: [name], kind: kind, load: load, authority: authority, progress: progress)[0]
    }

    /// notifications-http as one series per name, their rounds taken in turn: `prepare(i)` runs before each
    /// round of the `i`th series (and before its warm-up), so two settings of one server are compared over
    /// rounds seconds apart. The statements per notification count each series' own rounds.
    func notifications(
        names: [String], kind: DatabaseKind, load: LoadGenerator, authority: SimulatorSigningAuthority,
        prepare: @Sendable (_ series: Int) async throws -> Void = { _ in }, progress: @Sendable (String) -> Void
    ) async throws -> [BenchmarkResult] {
        let rounds = max(options.rounds, 1)
        let roundSeconds = options.seconds / Double(rounds)
        let warmUp = try await NotificationPool.make(count: 300 * names.count, customers: options.customers, authority: authority)
        var estimate = 0.0
        for index in names.indices {
            try await prepare(index)
            estimate = max(estimate, await load.run(seconds: min(1, roundSeconds)) { _ in warmUp.next().map(Self.notification) }.rate)
        }
        MemoryProbe.resetPeak()
        var rates = Array(repeating: [Double](), count: names.count)
        var latencies = Array(repeating: [Double](), count: names.count)
        var failed = Array(repeating: 0, count: names.count)
        var completed = Array(repeating: 0, count: names.count)
        var statements = Array(repeating: 0, count: names.count)
        for _ in 0..<rounds {
            for (index, name) in names.enumerated() {
                let count = max(Int(estimate * roundSeconds * 3), 200)
                let pool = try await NotificationPool.make(count: count, customers: options.customers, authority: authority)
                try await prepare(index)
                let statementsBefore = StatementCounter.count(kind)
                let round = await load.run(seconds: roundSeconds) { _ in pool.next().map(Self.notification) }
                statements[index] += StatementCounter.count(kind) - statementsBefore
                if round.completed >= pool.count { progress("\(name): pool ran out; the round ended early") }
                estimate = max(round.rate, estimate)
                rates[index].append(round.rate)
                latencies[index] += round.latencies
                failed[index] += round.failed
                completed[index] += round.completed
            }
        }
        return names.indices.map { index in
            var measured = result(name: names[index], unit: "notification", rates: rates[index], latencies: latencies[index], failed: failed[index])
            measured.statementsPerOperation = Double(statements[index]) / Double(max(completed[index], 1))
            return measured
        }
    }

    private func result(name: String, unit: String, rates: [Double], latencies: [Double], failed: Int) -> BenchmarkResult {
        let sorted = latencies.sorted()
        if failed > 0 { logger.warning("\(name): \(failed) requests failed") }
        return BenchmarkResult(
            name: name, operationsPerSecond: Statistics.median(rates),
            p50Milliseconds: Statistics.percentile(0.50, ofSorted: sorted),
            p99Milliseconds: Statistics.percentile(0.99, ofSorted: sorted),
            peakMemoryMegabytes: MemoryProbe.peakMegabytes(), unit: unit
        )
    }
}
