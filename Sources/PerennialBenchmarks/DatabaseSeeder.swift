import Foundation
import PerennialCore
import PerennialServices
import PerennialStorage

/// Fills a database with the benchmark customers (see `BenchFacts`): each customer, its transactions, its
/// renewal info, its folded subscription state and the lifecycle events its history gives, written through
/// the ledger in batches, so that a notification measured later adds its own event alone, as in a database
/// that has been serving (without the events, each customer's first notification recorded its whole history
/// again: an initial purchase and every renewal, each a webhook). A marker customer written last records how
/// many customers were seeded, so a database is seeded once and reused; seeding again over an earlier seed
/// (a PostgreSQL database kept from before the events were seeded) adds only the events missing.
struct DatabaseSeeder: Sendable {
    let ledger: SQLLedger
    let customers: Int
    /// Customers per ledger write.
    var batchSize = 500

    /// The marker's app user id for `count` customers.
    static func marker(_ count: Int) -> String { "bench-seeded-\(count)-with-events" }

    /// Whether the database already holds the customers.
    func isSeeded() async throws -> Bool {
        let marker = Self.marker(customers)
        return try await ledger.read { try await $0.customer(appID: BenchApp.id, appUserID: marker) != nil }
    }

    /// Seeds the customers unless they are there; reports progress through `progress`.
    func seedIfNeeded(progress: @Sendable (String) -> Void) async throws {
        if try await isSeeded() { return }
        let now = SystemClock().now()
        let facts = BenchFacts(now: now)
        let decider = SubscriptionDecider(catalog: BenchApp.catalog)
        let clock = ContinuousClock()
        let start = clock.now
        var first = 0
        while first < customers {
            let range = first..<min(first + batchSize, customers)
            try await ledger.write { ledger in
                var transactions: [TransactionFact] = []
                var renewals: [RenewalInfoFact] = []
                var states: [(String, SubscriptionState)] = []
                var events: [(String, [LifecycleEvent])] = []
                for index in range {
                    let customer = facts.facts(ofCustomer: index)
                    transactions += customer.transactions
                    renewals.append(customer.renewal)
                    guard let key = customer.transactions.first?.subscriptionKey else { continue }
                    let standing = try await ledger.events(appID: BenchApp.id, subscription: key).map(\.event)
                    if let decision = decider.decide(
                        transactions: customer.transactions, renewalInfos: [customer.renewal], recorded: standing, at: now) {
                        states.append((BenchApp.appUserID(index), decision.state))
                        events.append((BenchApp.appUserID(index), decision.newEvents))
                    }
                }
                for (appUserID, _) in states {
                    _ = try await ledger.findOrCreateCustomer(appID: BenchApp.id, appUserID: appUserID, createdAt: now)
                }
                try await ledger.saveTransactions(appID: BenchApp.id, transactions, recordedAt: now)
                try await ledger.saveRenewalInfos(appID: BenchApp.id, renewals, recordedAt: now)
                for (appUserID, state) in states {
                    try await ledger.saveSubscription(appID: BenchApp.id, ownerAppUserID: appUserID, state: state, updatedAt: now)
                }
                for (appUserID, new) in events where !new.isEmpty {
                    _ = try await ledger.appendEvents(appID: BenchApp.id, appUserID: appUserID, new, recordedAt: now)
                }
            }
            first = range.upperBound
            if first % 10_000 == 0 || first == customers {
                progress("seeded \(first)/\(customers) customers in \(Int(Statistics.seconds(clock.now - start))) s")
            }
        }
        let marker = Self.marker(customers)
        try await ledger.write { ledger in
            _ = try await ledger.findOrCreateCustomer(appID: BenchApp.id, appUserID: marker, createdAt: now)
        }
    }
}
