import PerennialCore
import PerennialServices
@testable import PerennialStorage
import Testing

/// The metric rollups' cells a write adds wait for its commit (`DeferredRows`), summed by row: the write's own
/// reads of the totals see them, and a savepoint that rolls back takes away only what it added.
@Suite("Ledger: rollup cells added at commit")
struct DeferredRollupCellTests {
    struct Refused: Error {}

    static let query = MetricQuery(appID: "app", environment: .production, measurePrefix: "active", fromDay: nil, throughDay: 100)

    /// Subscription `id`'s contributions: `value` to `active` on day 10.
    static func add(_ value: Int64, as id: String, in session: any LedgerSession) async throws {
        let key = SubscriptionKey(store: .appStore, id: id)
        let stored = try await session.metricContributions(appID: "app", subscription: key)
        let now = [MetricContribution(day: 10, measure: "active", productID: "pro", country: "US", value: value)]
        try await session.replaceMetricContributions(appID: "app", [MetricContributionReplacement(
            subscription: key, environment: .production, owner: nil, contributions: now,
            difference: MetricContribution.difference(from: stored, to: now))])
    }

    static func total(_ session: any LedgerSession) async throws -> Int64 {
        try await session.metricTotals(query).reduce(0) { $0 + $1.value }
    }

    @Test(arguments: TestDatabase.available)
    func theWriteSeesItsCellsAndASavepointTakesOnlyItsOwn(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            try await connection.atomically(.write) { session in
                let outer = SQLLedgerSession(session: session, endpointCache: connection.webhookEndpointCache)
                try await Self.add(1, as: "a", in: outer)
                try await Self.add(1, as: "b", in: outer)
                await #expect(throws: Refused.self) {
                    try await session.atomically(.write) { inner in
                        let nested = SQLLedgerSession(session: inner, endpointCache: connection.webhookEndpointCache)
                        #expect(try await Self.total(nested) == 2)
                        try await Self.add(5, as: "c", in: nested)
                        throw Refused()
                    }
                }
                // The savepoint's read had written the two cells it found waiting; its rollback took them back.
                #expect(try await Self.total(outer) == 2)
                try await Self.add(3, as: "d", in: outer)
            }
            #expect(try await ledger.read { try await Self.total($0) } == 5)
        }
    }

    @Test func cellsAreSummedByRowAndZeroSumsLeftOut() {
        let row = { (measure: String, shard: Int64) in
            DeferredRollupCell.Row(
                appID: "app", measure: measure, day: 1, environment: "production", store: "app_store", productID: "p", country: "US", shard: shard)
        }
        let summed = DeferredRollupCell.summed([
            DeferredRollupCell(row: row("b", 0), value: 2), DeferredRollupCell(row: row("a", 1), value: 1),
            DeferredRollupCell(row: row("b", 0), value: 3), DeferredRollupCell(row: row("a", 0), value: 4),
            DeferredRollupCell(row: row("a", 0), value: -4),
        ])
        #expect(summed == [DeferredRollupCell(row: row("a", 1), value: 1), DeferredRollupCell(row: row("b", 0), value: 5)])
    }
}
