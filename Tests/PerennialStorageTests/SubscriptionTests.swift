import PerennialCore
import PerennialServices
import PerennialStorage
import Testing

@Suite("Ledger: subscriptions")
struct SubscriptionTests {
    @Test(arguments: TestDatabase.available)
    func savesReplacesAndChangesOwner(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            let key = Fixtures.key("1000")
            #expect(try await ledger.read { try await $0.subscriptionState(appID: "app", subscription: key) } == nil)
            #expect(try await ledger.read { try await $0.subscriptionOwner(appID: "app", subscription: key) } == nil)

            let active = Fixtures.state("1000")
            try await ledger.write { write in
                try await write.lockSubscription(appID: "app", subscription: key)
                try await write.saveSubscription(appID: "app", ownerAppUserID: "u1", state: active, updatedAt: Fixtures.instant(1))
            }
            #expect(try await ledger.read { try await $0.subscriptionState(appID: "app", subscription: key) } == active)
            #expect(try await ledger.read { try await $0.subscriptionOwner(appID: "app", subscription: key) } == "u1")

            let expired = Fixtures.state("1000", status: .expired, expiresAt: nil)
            try await ledger.write {
                try await $0.saveSubscription(appID: "app", ownerAppUserID: "u1", state: expired, updatedAt: Fixtures.instant(2))
            }
            #expect(try await ledger.read { try await $0.subscriptionState(appID: "app", subscription: key) } == expired)

            try await ledger.write {
                try await $0.saveSubscription(appID: "app", ownerAppUserID: "u2", state: expired, updatedAt: Fixtures.instant(3))
            }
            #expect(try await ledger.read { try await $0.subscriptionOwner(appID: "app", subscription: key) } == "u2")
            #expect(try await ledger.read { try await $0.subscriptions(appID: "app", appUserID: "u1") }.isEmpty)
            #expect(try await ledger.read { try await $0.subscriptions(appID: "app", appUserID: "u2") } == [expired])
        }
    }

    @Test(arguments: TestDatabase.available)
    func listsAnOwnersSubscriptionsSortedByKey(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            let states = [
                Fixtures.state("b", store: .stripe), Fixtures.state("B"), Fixtures.state("a"),
                Fixtures.state("a", store: .playStore),
            ]
            try await ledger.write { write in
                for state in states {
                    try await write.saveSubscription(appID: "app", ownerAppUserID: "u1", state: state, updatedAt: Fixtures.instant(1))
                }
                try await write.saveSubscription(
                    appID: "app", ownerAppUserID: "u2", state: Fixtures.state("c"), updatedAt: Fixtures.instant(1))
                try await write.saveSubscription(
                    appID: "other", ownerAppUserID: "u1", state: Fixtures.state("d"), updatedAt: Fixtures.instant(1))
            }
            let listed = try await ledger.read { try await $0.subscriptions(appID: "app", appUserID: "u1") }
            #expect(listed.map(\.key) == states.map(\.key).sorted())
        }
    }
}
