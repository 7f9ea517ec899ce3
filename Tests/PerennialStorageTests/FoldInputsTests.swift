import PerennialCore
import PerennialServices
import PerennialStorage
import Testing

/// `foldInputs` reads for a page of subscriptions what a fold reads of each one on its own.
@Suite("Fold inputs of a page")
struct FoldInputsTests {
    @Test(arguments: TestDatabase.available)
    func aPageReadsWhatEachSubscriptionReadsAlone(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let world = try await ReplayTests.threeOwnedAndAnOrphan(connection)
            let app = IdentityWorld.app
            let keys = ["sub-a", "sub-b", "sub-c", "orphan", "never-seen"].map { SubscriptionKey(store: .appStore, id: $0) }
                + [SubscriptionKey(store: .stripe, id: "sub-a")]
            try await world.ledger.write { session in
                try await session.lockSubscriptions(appID: app.id, keys)
                let page = try await session.foldInputs(appID: app.id, keys: keys)
                #expect(Set(page.keys) == Set(keys))
                for key in keys {
                    let alone = SubscriptionFoldInputs(
                        owner: try await session.subscriptionOwner(appID: app.id, subscription: key),
                        state: try await session.subscriptionState(appID: app.id, subscription: key),
                        transactions: try await session.transactions(appID: app.id, subscription: key),
                        renewalInfos: try await session.renewalInfos(appID: app.id, subscription: key),
                        events: try await session.events(appID: app.id, subscription: key),
                        contributions: try await session.metricContributions(appID: app.id, subscription: key))
                    var read = try #require(page[key])
                    read.transactions.sort { $0.transactionID < $1.transactionID }
                    read.renewalInfos.sort { $0.observedAt < $1.observedAt }
                    var expected = alone
                    expected.transactions.sort { $0.transactionID < $1.transactionID }
                    expected.renewalInfos.sort { $0.observedAt < $1.observedAt }
                    #expect(read == expected, "\(key)")
                }
                #expect(page[SubscriptionKey(store: .appStore, id: "sub-b")]?.events.isEmpty == false)
                #expect(page[SubscriptionKey(store: .appStore, id: "orphan")]?.owner == nil)
                #expect(page[SubscriptionKey(store: .appStore, id: "orphan")]?.transactions.count == 1)
            }
        }
    }
}
