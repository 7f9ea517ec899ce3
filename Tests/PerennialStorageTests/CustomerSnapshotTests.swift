import Foundation
import PerennialCore
import PerennialServices
import PerennialStorage
import Testing

@Suite("Ledger: customer with subscriptions in one read")
struct CustomerSnapshotTests {
    @Test(arguments: TestDatabase.available)
    func unknownCustomerIsNil(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            // A subscription whose owner has no customer row does not make a customer.
            try await ledger.write {
                try await $0.saveSubscription(appID: "app", ownerAppUserID: "ghost", state: Fixtures.state("1"), updatedAt: Fixtures.instant(1))
            }
            #expect(try await ledger.customerWithSubscriptions(appID: "app", appUserID: "nobody") == nil)
            #expect(try await ledger.customerWithSubscriptions(appID: "app", appUserID: "ghost") == nil)
        }
    }

    @Test(arguments: TestDatabase.available)
    func customerWithoutSubscriptions(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            let customer = try await ledger.write {
                try await $0.findOrCreateCustomer(appID: "app", appUserID: "u1", createdAt: Fixtures.instant(5))
            }
            let snapshot = try #require(try await ledger.customerWithSubscriptions(appID: "app", appUserID: "u1"))
            #expect(snapshot == CustomerSnapshot(customer: customer, subscriptions: []))
            #expect(try await ledger.customerWithSubscriptions(appID: "other", appUserID: "u1") == nil)
        }
    }

    @Test(arguments: TestDatabase.available)
    func customerWithOneSubscription(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            let state = Fixtures.state("1000")
            try await ledger.write { write in
                _ = try await write.findOrCreateCustomer(appID: "app", appUserID: "u1", createdAt: Fixtures.instant(7))
                try await write.saveSubscription(appID: "app", ownerAppUserID: "u1", state: state, updatedAt: Fixtures.instant(8))
            }
            let snapshot = try #require(try await ledger.customerWithSubscriptions(appID: "app", appUserID: "u1"))
            let customer = try #require(try await ledger.read { try await $0.customer(appID: "app", appUserID: "u1") })
            #expect(snapshot.customer == customer)
            #expect(snapshot.subscriptions == [state])
        }
    }

    @Test(arguments: TestDatabase.available)
    func customerWithSeveralSubscriptionsSortedByKey(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            let states = [
                Fixtures.state("b", store: .stripe), Fixtures.state("B", status: .expired, expiresAt: nil),
                Fixtures.state("a"), Fixtures.state("a", store: .playStore),
            ]
            try await ledger.write { write in
                for user in ["u1", "u2"] {
                    _ = try await write.findOrCreateCustomer(appID: "app", appUserID: user, createdAt: Fixtures.instant(1))
                }
                _ = try await write.findOrCreateCustomer(appID: "other", appUserID: "u1", createdAt: Fixtures.instant(1))
                for state in states {
                    try await write.saveSubscription(appID: "app", ownerAppUserID: "u1", state: state, updatedAt: Fixtures.instant(2))
                }
                try await write.saveSubscription(
                    appID: "app", ownerAppUserID: "u2", state: Fixtures.state("c"), updatedAt: Fixtures.instant(2))
                try await write.saveSubscription(
                    appID: "other", ownerAppUserID: "u1", state: Fixtures.state("d"), updatedAt: Fixtures.instant(2))
            }
            let snapshot = try #require(try await ledger.customerWithSubscriptions(appID: "app", appUserID: "u1"))
            #expect(snapshot.subscriptions.map(\.key) == states.map(\.key).sorted())
            #expect(snapshot.subscriptions == (try await ledger.read { try await $0.subscriptions(appID: "app", appUserID: "u1") }))
            #expect(try await ledger.customerWithSubscriptions(appID: "app", appUserID: "u2")?.subscriptions == [Fixtures.state("c")])
            #expect(try await ledger.customerWithSubscriptions(appID: "other", appUserID: "u1")?.subscriptions == [Fixtures.state("d")])
        }
    }

    /// Inside a write, its own session reads what it wrote.
    @Test(arguments: TestDatabase.available)
    func insideATransactionSeesItsWrites(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            let snapshot = try await ledger.write { write in
                _ = try await write.findOrCreateCustomer(appID: "app", appUserID: "u1", createdAt: Fixtures.instant(1))
                try await write.saveSubscription(
                    appID: "app", ownerAppUserID: "u1", state: Fixtures.state("1"), updatedAt: Fixtures.instant(2))
                return try await write.subscriptions(appID: "app", appUserID: "u1")
            }
            #expect(snapshot == [Fixtures.state("1")])
        }
    }
}
