import Foundation
import PerennialCore
import PerennialStorage

/// Makes what lifetime value per customer reads for `metrics`: every bench customer's subscription stored with
/// its owner and its state (the engine's fold), and its `subscription_lifetime_values` rows (from its
/// contributions, as the write path derives them), loaded a few hundred rows per statement. One subscription in
/// ten belongs to the customer before it, so customers with two subscriptions are summed across both.
struct MetricsCustomerSeeder: Sendable {
    let ledger: SQLLedger
    let customers: Int

    /// The owner of customer `index`'s subscription.
    static func owner(_ index: Int) -> String { index % 10 == 9 ? "c\(index - 1)" : "c\(index)" }

    func seed(now: Instant, progress: @Sendable (String) -> Void) async throws {
        let chunk = 20_000
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        for start in stride(from: 0, to: customers, by: chunk) {
            let end = min(start + chunk, customers)
            let slice = (end - start + workers - 1) / workers
            let parts = try await withThrowingTaskGroup(of: ([(owner: String, state: SubscriptionState)], [LifetimeValueRow]).self) { group in
                for worker in 0..<workers {
                    group.addTask {
                        let facts = MetricsBenchFacts(now: now)
                        let contributor = SubscriptionContributions(
                            catalog: MetricsBenchFacts.catalog, schedules: [.appStore: .appStore(smallBusinessProgram: false)])
                        let engine = SubscriptionEngine(catalog: MetricsBenchFacts.catalog)
                        var states: [(owner: String, state: SubscriptionState)] = []
                        var rows: [LifetimeValueRow] = []
                        for index in (start + worker * slice)..<min(start + (worker + 1) * slice, end) {
                            let lifecycle = facts.facts(ofCustomer: index)
                            guard let state = engine.state(transactions: lifecycle.transactions, renewalInfos: lifecycle.renewals, at: now)
                            else { continue }
                            states.append((Self.owner(index), state))
                            rows += LifetimeValueRow.rows(of: state.key, contributions: contributor.contributions(
                                transactions: lifecycle.transactions, renewalInfos: lifecycle.renewals, through: now))
                        }
                        return (states, rows)
                    }
                }
                var all: [([(owner: String, state: SubscriptionState)], [LifetimeValueRow])] = []
                for try await part in group { all.append(part) }
                return all
            }
            try await ledger.writeSQL { session in
                for (states, rows) in parts {
                    try await session.insertSubscriptions(appID: MetricsBenchFacts.appID, states, updatedAt: now)
                    try await session.insertLifetimeValues(appID: MetricsBenchFacts.appID, environment: .production, rows)
                }
            }
            if end % 200_000 == 0 || end == customers { progress("stored \(end) customers' subscriptions and lifetime values") }
        }
    }
}
