import Foundation
import PerennialCore
import PerennialServices
import PerennialStorage
import Testing

@Suite("Ledger: apps and customers")
struct AppAndCustomerTests {
    @Test(arguments: TestDatabase.available)
    func savesAndReplacesApps(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            let app = AppRecord(id: "app", bundleID: "com.example", sealedCredentials: Data([1, 2, 3]),
                                updatedAt: Fixtures.instant(10))
            try await ledger.write { try await $0.saveApp(app) }
            try await ledger.write { try await $0.saveApp(app) }
            #expect(try await ledger.read { try await $0.app(id: "app") } == app)

            let updated = AppRecord(id: "app", bundleID: "com.example", sealedCredentials: Data([9]),
                                    updatedAt: Fixtures.instant(20))
            try await ledger.write { try await $0.saveApp(updated) }
            #expect(try await ledger.read { try await $0.app(id: "app") } == updated)
            #expect(try await ledger.read { try await $0.app(id: "other") } == nil)
        }
    }

    @Test(arguments: TestDatabase.available)
    func findOrCreateCustomerIsIdempotent(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            #expect(try await ledger.read { try await $0.customer(appID: "app", appUserID: "u1") } == nil)
            let created = try await ledger.write {
                try await $0.findOrCreateCustomer(appID: "app", appUserID: "u1", createdAt: Fixtures.instant(100))
            }
            let again = try await ledger.write {
                try await $0.findOrCreateCustomer(appID: "app", appUserID: "u1", createdAt: Fixtures.instant(999))
            }
            #expect(created == CustomerRecord(appID: "app", appUserID: "u1", createdAt: Fixtures.instant(100)))
            #expect(again == created)
            #expect(try await ledger.read { try await $0.customer(appID: "app", appUserID: "u1") } == created)
            #expect(try await ledger.read { try await $0.customer(appID: "other", appUserID: "u1") } == nil)
        }
    }

    @Test(arguments: TestDatabase.available)
    func storeTokenKeepsTheLatestPerStoreAndKind(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            let play = Store.playStore
            let token = { @Sendable (store: Store, text: String, at: Int64) in
                StoreToken(store: store, kind: .receipt, sealed: Data(text.utf8), updatedAt: Fixtures.instant(at))
            }
            try await ledger.write { write in
                _ = try await write.findOrCreateCustomer(appID: "app", appUserID: "u1", createdAt: Fixtures.instant(1))
                try await write.setStoreToken(appID: "app", appUserID: "u1", token(.appStore, "new", 50))
                try await write.setStoreToken(appID: "app", appUserID: "u1", token(.appStore, "old", 40))
                try await write.setStoreToken(appID: "app", appUserID: "u1", token(play, "other store", 10))
            }
            let stored = try await ledger.read {
                try await $0.storeToken(appID: "app", appUserID: "u1", store: .appStore, kind: .receipt)
            }
            #expect(stored == token(.appStore, "new", 50))
            let other = try await ledger.read { try await $0.storeToken(appID: "app", appUserID: "u1", store: play, kind: .receipt) }
            #expect(other?.sealed == Data("other store".utf8), "one token per store")
            let customer = try #require(try await ledger.read { try await $0.customer(appID: "app", appUserID: "u1") })
            #expect(customer.createdAt == Fixtures.instant(1))

            // A token for an unknown customer creates it.
            try await ledger.write { try await $0.setStoreToken(appID: "app", appUserID: "u2", token(.appStore, "t", 70)) }
            let created = try await ledger.read { try await $0.customer(appID: "app", appUserID: "u2") }
            #expect(created?.createdAt == Fixtures.instant(70))
        }
    }
}

@Suite("Ledger: account tokens")
struct AccountTokenTests {
    @Test(arguments: TestDatabase.available)
    func aTokenLinksToTheLastCustomerWhoUsedIt(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            try await ledger.write { try await $0.linkAccountToken(appID: "app", token: "t", appUserID: "a", linkedAt: Instant(milliseconds: 1)) }
            #expect(try await ledger.read { try await $0.appUserID(appID: "app", accountToken: "t") } == "a")
            try await ledger.write { try await $0.linkAccountToken(appID: "app", token: "t", appUserID: "b", linkedAt: Instant(milliseconds: 2)) }
            #expect(try await ledger.read { try await $0.appUserID(appID: "app", accountToken: "t") } == "b")
            #expect(try await ledger.read { try await $0.appUserID(appID: "other", accountToken: "t") } == nil)
        }
    }
}
