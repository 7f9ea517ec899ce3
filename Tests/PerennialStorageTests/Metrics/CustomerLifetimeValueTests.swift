import PerennialCore
import PerennialServices
import PerennialStorage
import PerennialTesting
import Testing

/// Lifetime value per customer, summed by the database from each subscription's stored cohort: a customer
/// counts once, in the cohort of their first paid period, with what all their subscriptions earned; a merge
/// moves a customer's whole history there.
@Suite("Lifetime value per customer")
struct CustomerLifetimeValueTests {
    static let app = MetricRollupPropertyTests.app

    static func paid(_ id: String, original: String, product: String = "pro.monthly", from: Double, cents: Int64) -> TransactionFact {
        var fact = Facts.period(id, original: original, product: product, from: from, to: from + 30, environment: .production)
        fact.price = Money(minorUnits: cents, currency: "USD")
        return fact
    }

    @Test(arguments: TestDatabase.available)
    func aMergeMovesACustomersHistoryToTheirFirstCohort(database: TestDatabase) async throws {
        try await database.withDatabase { database in
            let ledger = SQLLedger(database: database)
            let clock = FixedClock(Facts.day(45))
            let ingestor = FactIngestor(ledger: ledger, clock: clock)
            // Ann subscribes in January (two periods), Bea in February (one, weekly).
            try await ingestor.ingest(FactBatch(transactions: [
                Self.paid("a0", original: "a", from: 0, cents: 999), Self.paid("a1", original: "a", from: 30, cents: 999),
            ]), app: Self.app, appUserID: "ann")
            try await ingestor.ingest(FactBatch(transactions: [Self.paid("b0", original: "b", product: "pro.weekly", from: 40, cents: 299)]),
                                      app: Self.app, appUserID: "bea")
            let service = MetricsService(ledger: ledger)
            let january = CivilDate(year: 2026, month: 1, day: 1)!, february = CivilDate(year: 2026, month: 2, day: 28)!
            func ltv(_ filters: MetricFilters = MetricFilters()) async throws -> [[String: Int64]] {
                try #require(try await service.series(
                    app: Self.app, name: "ltv", from: january, through: february, interval: .month, filters: filters)).map(\.values)
            }
            // 30% to Apple: 999 → 699, 299 → 209.
            #expect(try await ltv() == [
                ["subscriptions": 1, "proceeds.USD": 1_398, "per_subscription.USD": 1_398,
                 "customers": 1, "customer_proceeds.USD": 1_398, "per_customer.USD": 1_398],
                ["subscriptions": 1, "proceeds.USD": 209, "per_subscription.USD": 209,
                 "customers": 1, "customer_proceeds.USD": 209, "per_customer.USD": 209],
            ])
            // A customer is filed under their first subscription's product: Bea's is weekly.
            var weekly = try await ltv(MetricFilters(productID: "pro.weekly"))
            #expect(weekly[0]["customers"] == 0 && weekly[1]["customers"] == 1 && weekly[1]["per_customer.USD"] == 209)
            // Bea turns out to be Ann: one customer, in January's cohort, with both subscriptions' proceeds.
            _ = try await ledger.write { try await $0.mergeCustomer(appID: Self.app.id, alias: "bea", into: "ann", at: Facts.day(45)) }
            let merged = try await ltv()
            #expect(merged[0]["customers"] == 1 && merged[0]["customer_proceeds.USD"] == 1_607 && merged[0]["per_customer.USD"] == 1_607)
            #expect(merged[1]["customers"] == 0 && merged[1]["customer_proceeds.USD"] == nil)
            #expect(merged[1]["subscriptions"] == 1, "per subscription, nothing moves")
            // Now filed under Ann's first product, monthly, with everything she paid, the weekly plan's too.
            weekly = try await ltv(MetricFilters(productID: "pro.weekly"))
            #expect(weekly.allSatisfy { $0["customers"] == 0 })
            #expect(try await ltv(MetricFilters(productID: "pro.monthly"))[0]["customer_proceeds.USD"] == 1_607)
            // The rows behind it: Ann under her first subscription, adding up to the figures.
            let explained = try #require(try await service.explain(app: Self.app, name: "ltv", from: january, through: february))
            #expect(explained.rows.map(\.subscription.id).sorted() == ["a", "b"])
            #expect(explained.rows.allSatisfy { $0.ownerAppUserID == "ann" })
            #expect(explained.rows.first { $0.subscription.id == "a" }?.values["customers"] == 1)
            #expect(explained.rows.reduce(0) { $0 + ($1.values["customer_proceeds.USD"] ?? 0) } == 1_607)
            // Cy restores a purchase that was Ann's (the default transfer policy): it moves to Cy, and so does
            // its lifetime value.
            try await ingestor.ingest(FactBatch(transactions: [Self.paid("b0", original: "b", product: "pro.weekly", from: 40, cents: 299)]),
                                      app: Self.app, appUserID: "cy")
            let moved = try await ltv()
            #expect(moved[0]["customers"] == 1 && moved[0]["customer_proceeds.USD"] == 1_398)
            #expect(moved[1]["customers"] == 1 && moved[1]["customer_proceeds.USD"] == 209)
            _ = try await ingestor.ingest(FactBatch(transactions: [Self.paid("b0", original: "b", product: "pro.weekly", from: 40, cents: 299)]),
                                          app: Self.app, appUserID: "ann")
            // A replay rebuilds the same figures.
            _ = try await ReplayService(ledger: ledger, clock: clock).replay(app: Self.app, dryRun: false)
            #expect(try await ltv() == merged)
        }
    }

    /// Six subscriptions of one customer folded at once: each write recomputes the customer from the others'
    /// committed rows, so the customer is counted once with all six subscriptions' proceeds.
    @Test(arguments: TestDatabase.available)
    func concurrentFoldsOfOneCustomerAddUp(database: TestDatabase) async throws {
        try await database.withDatabase { database in
            let ledger = SQLLedger(database: database)
            let ingestor = FactIngestor(ledger: ledger, clock: FixedClock(Facts.day(20)))
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<6 {
                    group.addTask {
                        try await ingestor.ingest(
                            FactBatch(transactions: [Self.paid("d\(index)", original: "d\(index)", from: Double(index), cents: 999)]),
                            app: Self.app, appUserID: "dee")
                    }
                }
                try await group.waitForAll()
            }
            let january = CivilDate(year: 2026, month: 1, day: 1)!
            let ltv = try #require(try await MetricsService(ledger: ledger).series(
                app: Self.app, name: "ltv", from: january, through: january, interval: .month))
            let values = ltv[0].values
            #expect(values["customers"] == 1 && values["customer_proceeds.USD"] == 6 * 699 && values["subscriptions"] == 6)
        }
    }
}
