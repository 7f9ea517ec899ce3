import Foundation
import PerennialAppStore
import PerennialCore
import PerennialServices
import PerennialStorage

/// Makes `metrics`' rollups: every customer's lifecycle (`MetricsBenchFacts`) folded by the code every write
/// runs (`SubscriptionContributions`, on every core), summed by cell as the writes' differences would have
/// summed them, and written through the ledger's own rollup write — on PostgreSQL spread over its shards as
/// the writes spread them. Lifetime value per customer is in the sums too (`CustomerLifetimeValue`): one
/// subscription in ten belongs to the customer before it, so those customers are summed across two. The
/// facts themselves are not stored: the metric queries never read them. A
/// marker customer records what was made, so a database is made once.
struct MetricsRollupSeeder: Sendable {
    let ledger: SQLLedger
    let customers: Int
    let shards: Int

    struct Seeding: Sendable {
        var transactions: Int
        var subscriptionsPerSecond: Double
    }

    /// The customer owning bench customer `index`'s subscription: one in ten is the previous one's second.
    static func owner(_ index: Int) -> Int { index % 10 == 9 ? index - 1 : index }

    /// The marker's app user id for `count` customers (its version changes with `MetricsBenchFacts`).
    static func marker(_ count: Int) -> String { "bench-metrics-seeded-v5-\(count)" }

    /// Makes the rollups unless the marker says they are there; returns how it went, nil when they were.
    func seedIfNeeded(now: Instant, progress: @Sendable (String) -> Void) async throws -> Seeding? {
        let marker = Self.marker(customers)
        let appID = MetricsBenchFacts.appID
        if try await ledger.read({ try await $0.customer(appID: appID, appUserID: marker) != nil }) { return nil }
        try await ledger.write { try await $0.beginMetricRollupRebuild(appID: appID) }
        let start = ContinuousClock.now
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let chunk = (customers + workers * 10 - 1) / (workers * 10) * 10  // whole customers in each worker's range
        let shardCount = shards
        let parts = try await withThrowingTaskGroup(of: ([[MetricContribution.Cell: Int64]], Int).self) { group in
            for worker in 0..<workers {
                group.addTask {
                    let facts = MetricsBenchFacts(now: now)
                    let contributor = SubscriptionContributions(
                        catalog: MetricsBenchFacts.catalog, schedules: [.appStore: .appStore(smallBusinessProgram: false)])
                    var sums = [[MetricContribution.Cell: Int64]](repeating: [:], count: shardCount)
                    var transactions = 0
                    var customer: (owner: Int, members: [CustomerLifetimeValue.Member]) = (-1, [])
                    func fileCustomer() {
                        for contribution in CustomerLifetimeValue.contributions(of: customer.members)?.contributions ?? [] {
                            sums[customer.owner % shardCount][contribution.cell, default: 0] += contribution.value
                        }
                    }
                    for index in (worker * chunk)..<min((worker + 1) * chunk, customers) {
                        let lifecycle = facts.facts(ofCustomer: index)
                        transactions += lifecycle.transactions.count
                        let contributions = contributor.contributions(
                            transactions: lifecycle.transactions, renewalInfos: lifecycle.renewals, through: now)
                        for contribution in contributions {
                            sums[index % shardCount][contribution.cell, default: 0] += contribution.value
                        }
                        let owner = Self.owner(index)
                        if owner != customer.owner {
                            fileCustomer()
                            customer = (owner, [])
                        }
                        if let member = CustomerLifetimeValue.Member(
                            subscription: SubscriptionKey(store: .appStore, id: "m\(index)"), contributions: contributions) {
                            customer.members.append(member)
                        }
                    }
                    fileCustomer()
                    return (sums, transactions)
                }
            }
            var all: [([[MetricContribution.Cell: Int64]], Int)] = []
            for try await part in group { all.append(part) }
            return all
        }
        let seconds = Statistics.seconds(ContinuousClock.now - start)
        let transactions = parts.reduce(0) { $0 + $1.1 }
        progress("\(customers) customers, \(transactions) transactions folded into contributions in \(Int(seconds)) s")
        for shard in 0..<shards {
            var cells: [MetricContribution.Cell: Int64] = [:]
            for part in parts { cells.merge(part.0[shard]) { $0 + $1 } }
            let difference = MetricContribution.combined(cells.map { ($0.key, $0.value) })
            // One subscription key per shard: its hash picks the shard the ledger writes its cells to.
            let key = SubscriptionKey(store: .appStore, id: "bench-metrics-shard-\(shard)")
            for slice in stride(from: 0, to: difference.count, by: 5_000) {
                let part = Array(difference[slice..<min(slice + 5_000, difference.count)])
                try await ledger.write { session in
                    try await session.replaceMetricContributions(appID: MetricsBenchFacts.appID, [MetricContributionReplacement(
                        subscription: key, environment: .production, owner: nil, contributions: [], difference: part)])
                }
            }
            progress("wrote \(difference.count) rollup cells of shard \(shard + 1)/\(shards)")
        }
        try await ledger.write { session in
            try await session.endMetricRollupRebuild(appID: appID)
            _ = try await session.findOrCreateCustomer(appID: appID, appUserID: marker, createdAt: now)
        }
        return Seeding(transactions: transactions, subscriptionsPerSecond: Double(customers) / seconds)
    }
}
