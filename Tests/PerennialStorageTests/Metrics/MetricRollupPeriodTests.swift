import PerennialCore
import PerennialServices
@testable import PerennialStorage
import Testing

/// A stock's opening balance read from the 32-day period sums (`metric_rollup_periods`) equals the daily rows
/// summed, whatever day the caller's first bucket starts on, before 1970 too, with a filter, and when the
/// period sums were made by the migration from daily rows already stored.
@Suite("Metric rollups: period sums")
struct MetricRollupPeriodTests {
    static let days = [-70, -33, -32, -31, -1, 0, 1, 31, 32, 33, 63, 64, 95, 100, 130]
    static let boundaries = [-40, -32, 0, 5, 32, 33, 64, 131, 140]

    @Test func periodsStartOnMultiplesOf32OnBothSidesOf1970() {
        #expect([-65, -64, -33, -32, -1, 0, 31, 32, 63, 64].map { MetricRollupPeriod.start(of: $0) }
                == [-96, -64, -64, -32, -32, 0, 0, 32, 32, 64])
    }

    @Test(arguments: TestDatabase.available)
    func openingBalancesEqualTheDaysSummed(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            try await ledger.write { session in
                for (index, day) in Self.days.enumerated() {
                    let contributions = [
                        MetricContribution(day: day, measure: "active.trial", productID: index % 2 == 0 ? "a" : "b", country: "US",
                                           value: Int64(index + 1)),
                        MetricContribution(day: day, measure: "active.paid", productID: "a", country: "FR", value: Int64(10 * index - 40)),
                        MetricContribution(day: day, measure: "revenue.sales", productID: "a", country: "FR", value: 1),
                    ]
                    try await session.replaceMetricContributions(appID: "app", [MetricContributionReplacement(
                        subscription: SubscriptionKey(store: index % 3 == 0 ? .appStore : .playStore, id: "s\(index)"),
                        environment: .production, owner: nil, contributions: contributions, difference: contributions)])
                }
            }
            try await Self.expectEqualBalances(ledger)
            // A flow has no period sums: asked for an opening balance, it is answered day by day.
            let flow = MetricQuery(appID: "app", environment: .production, measurePrefix: "revenue.", fromDay: nil, throughDay: 140)
            var flowOpening = flow
            flowOpening.summedBeforeDay = 64
            let query = flowOpening
            let byDay = try await ledger.read { try await $0.metricTotals(flow) }
            #expect(byDay.count == Self.days.count)
            #expect(Set(try await ledger.read { try await $0.metricTotals(query) }) == Set(byDay))
            // The migration makes the same period sums from the daily rows.
            try await connection.withSession { session in
                try await session.execute("DELETE FROM metric_rollup_periods")
                for statement in Migration.metricRollupPeriods.statements(session.kind).dropFirst().dropLast() { try await session.execute(statement) }
            }
            try await Self.expectEqualBalances(ledger)
        }
    }

    @Test func onlyTheStocksHavePeriodSums() {
        #expect(MetricSeries.stockMeasurePrefixes == ["active.", "mrr.", "state_mix."])
        #expect(MetricSeries.isStockMeasure("mrr.USD") && !MetricSeries.isStockMeasure("mrr_movement.new.USD"))
    }

    static func expectEqualBalances(_ ledger: SQLLedger) async throws {
        for productID in [nil, "a"] {
            let everyDay = MetricQuery(
                appID: "app", environment: .production, measurePrefix: "active.", fromDay: nil, throughDay: 140, productID: productID)
            let full = try await ledger.read { try await $0.metricTotals(everyDay) }
            #expect(full.count > 10)
            for boundary in boundaries {
                var opening = everyDay
                opening.summedBeforeDay = boundary
                let query = opening
                let summed = try await ledger.read { try await $0.metricTotals(query) }
                for day in boundary...140 {
                    #expect(balance(summed, on: day) == balance(full, on: day), "product \(productID ?? "any"), from \(boundary), day \(day)")
                }
            }
        }
    }

    /// Each measure's running total on `day`.
    static func balance(_ totals: [MetricTotal], on day: Int) -> [String: Int64] {
        totals.filter { $0.day <= day }.reduce(into: [:]) { $0[$1.measure, default: 0] += $1.value }.filter { $0.value != 0 }
    }
}
