import PerennialCore
import PerennialServices
import PerennialStorage
import PerennialTesting
import PropertyBased
import Testing

/// The rollups the writes keep give the metrics a recomputation from the final facts gives, whatever order
/// and grouping the facts arrived in: random lifecycles of several subscriptions, their facts shuffled and
/// delivered in batches at a clock that moves forward, each subscription folded again at the end (as its
/// status check does); then every metric, the retention table and the explanations are compared with
/// `SubscriptionMetrics` over the stored facts, the payout forecast with one from the revenue lines, and the stock
/// metrics with the engine's own fold at each
/// day's end.
@Suite("Metric rollups")
struct MetricRollupPropertyTests {
    static let app: AppSettings = {
        var app = AppSettings(
            id: "app", bundleID: "com.example.app",
            catalog: Catalog(products: [
                Product(id: "pro.monthly", type: .autoRenewable, subscriptionGroup: "pro", entitlements: ["pro"],
                        price: Money(minorUnits: 999, currency: "USD")),
                Product(id: "pro.weekly", type: .autoRenewable, subscriptionGroup: "pro", entitlements: ["pro"],
                        price: Money(minorUnits: 299, currency: "USD")),
            ]),
            publicAPIKey: "public", secretAPIKey: "secret")
        app.revenue.schedules = [.appStore: .appStore(smallBusinessProgram: false)]
        return app
    }()

    @Test func anyDeliveryOrderGivesTheRecomputedMetrics() async {
        await propertyCheck(count: 20, input: Gen.int(in: 0...1_000_000)) { seed in
            do {
                try await TestDatabase.sqliteMemory.withDatabase { try await Self.check(seed: UInt64(seed), database: $0) }
            } catch {
                Issue.record("seed \(seed): \(error)")
            }
        }
    }

    /// Seeds the property once failed with: 736316, a day whose revenue lines cancel out (a sale and its refund)
    /// and left the payout forecast's count of lines short; 113188, a shuffle whose clock ran past a series'
    /// 400 days; 748935, revenue after the range's last day in its month, which the month's point counted
    /// (its bucket was not clipped to the range) and the explanation did not.
    @Test(arguments: [736_316, 113_188, 748_935])
    func seedsThatFailedOnce(seed: Int) async throws {
        try await TestDatabase.sqliteMemory.withDatabase { try await Self.check(seed: UInt64(seed), database: $0) }
    }

    @Test(arguments: TestDatabase.available)
    func onEachDatabase(database: TestDatabase) async throws {
        try await database.withDatabase { try await Self.check(seed: 2_026, database: $0) }
    }

    static func check(seed: UInt64, database: PerennialDatabase) async throws {
        var random = SplitMix64(state: seed)
        let ledger = SQLLedger(database: database)
        let clock = FixedClock(Facts.origin)
        let ingestor = FactIngestor(ledger: ledger, clock: clock)
        let count = Int.random(in: 3...8, using: &random)
        var pieces: [(owner: String, batch: FactBatch, latest: Instant)] = []
        var keys: [SubscriptionKey] = []
        var owners: [String: String] = [:]
        for index in 0..<count {
            let id = "s\(index)"
            let lifecycle = RandomLifecycle(subscription: id, using: &random)
            guard !lifecycle.transactions.isEmpty else { continue }
            keys.append(SubscriptionKey(store: .appStore, id: id))
            // Two subscriptions to a customer, for lifetime value per customer.
            let owner = "user-\(index / 2)"
            owners[id] = owner
            pieces += lifecycle.transactions.map { (owner, FactBatch(transactions: [$0]), $0.cancelledAt ?? $0.purchasedAt) }
            pieces += lifecycle.renewalInfos.map { (owner, FactBatch(renewalInfos: [$0]), $0.observedAt) }
        }
        pieces.shuffle(using: &random)
        var latest = Facts.origin
        for piece in pieces {
            latest = max(latest, piece.latest).adding(milliseconds: Int64(Int.random(in: 0...3, using: &random)) * 86_400_000)
            clock.set(latest)
            try await ingestor.ingest(piece.batch, app: app, appUserID: piece.owner)
        }
        let now = latest.adding(milliseconds: 5 * 86_400_000)
        clock.set(now)
        try await ingestor.refold(keys, app: app, at: now)

        let folded = keys, owned = owners
        let histories = try await ledger.read { session in
            var histories: [SubscriptionMetrics.History] = []
            for key in folded {
                histories.append(SubscriptionMetrics.History(
                    transactions: try await session.transactions(appID: app.id, subscription: key),
                    renewalInfos: try await session.renewalInfos(appID: app.id, subscription: key), owner: owned[key.id]))
            }
            return histories
        }
        let first = CivilDate(utcDayOf: Facts.origin)
        // At most 400 days (a series's limit): a long shuffle moves the clock further.
        let last = min(CivilDate(utcDayOf: now), first.adding(days: MetricsService.maximumBuckets - 1))
        let days = MetricInterval.day.buckets(from: first, through: last)
        let service = MetricsService(ledger: ledger)
        let recomputed = SubscriptionMetrics(catalog: app.catalog, schedules: app.revenue.schedules)
        for name in MetricSeries.names.sorted() {
            for interval in [MetricInterval.day, .month] {
                let buckets = interval.clippedBuckets(from: first, through: last)
                let rolled = try await service.series(app: app, name: name, from: first, through: last, interval: interval)
                #expect(rolled == recomputed.series(name, of: histories, buckets: buckets, now: now), "seed \(seed): \(name) by \(interval)")
            }
        }
        for name in ["active_subscriptions", "mrr"] {
            let rolled = try await service.series(app: app, name: name, from: first, through: last, interval: .day)
            #expect(rolled == recomputed.stockAtBucketEnds(name, of: histories, buckets: days), "seed \(seed): \(name), folded at each day's end")
            // A series starting later opens with the balance of the days before it (read from the period sums).
            let later = min(first.adding(days: 45), last)
            let opened = try await service.series(app: app, name: name, from: later, through: last, interval: .day)
            #expect(opened == recomputed.series(name, of: histories, buckets: MetricInterval.day.clippedBuckets(from: later, through: last), now: now),
                    "seed \(seed): \(name) from day 45")
        }
        let contributions = histories.flatMap {
            SubscriptionContributions(catalog: app.catalog, schedules: app.revenue.schedules)
                .contributions(transactions: $0.transactions, renewalInfos: $0.renewalInfos, through: now)
        }
        let months = MetricInterval.month.buckets(from: first, through: last).map(\.start)
        #expect(try await service.retention(app: app, from: first, through: last)
                == RetentionTable(totals: MetricTotal.of(contributions), cohorts: months), "seed \(seed): retention")
        // The payout forecast from the rollups: the stores' calendars over every revenue line of the facts.
        let horizon = first.adding(days: PayoutForecastService.maximumDays - 1)
        let calculator = RevenueCalculator(catalog: app.catalog, schedules: app.revenue.schedules)
        #expect(try await PayoutForecastService(ledger: ledger).forecast(app: app, from: first, through: horizon)
                == PayoutForecast(calendars: app.revenue.payoutCalendars).payments(
                    for: histories.flatMap { calculator.entries(for: $0.transactions) }, from: first, through: horizon),
                "seed \(seed): payout forecast")
        // The rows behind a figure add up to it: paid subscriptions on the last day, and the whole range's revenue.
        let paidToday = try await service.series(app: app, name: "active_subscriptions", from: last, through: last, interval: .day)
        let explained = try #require(try await service.explain(app: app, name: "active_subscriptions", from: last, through: last))
        #expect(explained.rows.reduce(0) { $0 + ($1.values["paid"] ?? 0) } == paidToday?.first?.values["paid"], "seed \(seed)")
        let revenue = try await service.series(app: app, name: "revenue", from: first, through: last, interval: .month)
        let revenueRows = try #require(try await service.explain(app: app, name: "revenue", from: first, through: last))
        for currency in ["USD", "EUR"] {
            let total = revenue?.reduce(0) { $0 + ($1.values["price.\(currency)"] ?? 0) }
            #expect(revenueRows.rows.reduce(0) { $0 + ($1.values["price.\(currency)"] ?? 0) } == total, "seed \(seed): \(currency)")
        }
        // Lifetime value's rows add up to it, per subscription and per customer.
        let ltv = try await service.series(app: app, name: "ltv", from: first, through: last, interval: .month)
        let ltvRows = try #require(try await service.explain(app: app, name: "ltv", from: first, through: last))
        for key in ["subscriptions", "customers", "proceeds.USD", "customer_proceeds.USD", "customer_proceeds.EUR"] {
            #expect(ltvRows.rows.reduce(0) { $0 + ($1.values[key] ?? 0) } == ltv?.reduce(0) { $0 + ($1.values[key] ?? 0) },
                    "seed \(seed): ltv \(key)")
        }
    }
}
