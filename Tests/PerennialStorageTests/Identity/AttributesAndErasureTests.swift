import Foundation
import PerennialCore
import PerennialServices
import PerennialStorage
import Testing

/// Customer attributes (rules, merge on login) and erasure on each database: personal data gone, numbers kept.
@Suite("Attributes and erasure")
struct AttributesAndErasureTests {
    static let anonymous = "$anonymous:11111111111111111111111111111111"

    @Test(arguments: TestDatabase.available)
    func attributesAreUpdatedByNameAndMergedOnLogin(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let world = try IdentityWorld(database: connection)
            let app = IdentityWorld.app
            _ = try await world.identity.updateAttributes(app: app, appUserID: Self.anonymous, [
                "$email": "anon@example.com", "campaign": "spring", "$country": "FR",
            ])
            _ = try await world.identity.updateAttributes(app: app, appUserID: "alice", ["$email": "alice@example.com", "tier": "gold"])
            let updated = try await world.identity.updateAttributes(app: app, appUserID: "alice", ["tier": nil, "$display_name": "Alice"])
            #expect(updated.values == ["$email": "alice@example.com", "$display_name": "Alice"])

            _ = try await world.identity.logIn(app: app, appUserID: Self.anonymous, newAppUserID: "alice")
            let profile = try #require(try await world.identity.profile(app: app, appUserID: Self.anonymous))
            // Alice's own values stay; the anonymous id's others are learned.
            #expect(profile.attributes.values == [
                "$email": "alice@example.com", "$display_name": "Alice", "campaign": "spring", "$country": "FR",
            ])
            // The attributes are sealed at rest.
            let stored = try #require(try await world.ledger.read { try await $0.customerAttributes(appID: "app", appUserID: "alice") })
            #expect(!String(decoding: stored.sealed, as: UTF8.self).contains("alice@example.com"))
        }
    }

    @Test(arguments: [
        ["$phone": "1"], ["$email": "not-an-email"], ["$country": "France"], ["": "x"], ["bad name": "x"],
        ["note": String(repeating: "x", count: 501)], ["note": "line\nbreak"],
    ])
    func badAttributesAreRefusedAndChangeNothing(update: [String: String]) async throws {
        try await TestDatabase.sqliteMemory.withDatabase { connection in
            let world = try IdentityWorld(database: connection)
            await #expect(throws: PerennialError.self) {
                try await world.identity.updateAttributes(app: IdentityWorld.app, appUserID: "alice", update)
            }
            #expect(try await world.identity.profile(app: IdentityWorld.app, appUserID: "alice") == nil)
        }
    }

    @Test func atMostSixtyFourAttributes() throws {
        let many = Dictionary(uniqueKeysWithValues: (0..<64).map { ("k\($0)", Optional("v")) })
        let full = try CustomerAttributes().applying(many)
        #expect(throws: PerennialError.self) { try full.applying(["one_more": "v"]) }
        #expect(try full.applying(["k0": nil, "one_more": "v"]).values.count == 64)
    }

    @Test(arguments: TestDatabase.available)
    func erasureRemovesWhatIdentifiesAndKeepsTheNumbers(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let world = try IdentityWorld(database: connection)
            let app = IdentityWorld.app
            try await world.purchase("ios-1", by: Self.anonymous)
            _ = try await world.identity.logIn(app: app, appUserID: Self.anonymous, newAppUserID: "alice@example.com")
            _ = try await world.identity.updateAttributes(app: app, appUserID: "alice@example.com", ["$email": "alice@example.com"])
            try await world.ledger.write { session in
                try await session.setStoreToken(appID: "app", appUserID: "alice@example.com", StoreToken(
                    store: .appStore, kind: .receipt, sealed: Data([1, 2, 3]), updatedAt: Fixtures.instant(1_500)))
                try await session.linkAccountToken(
                    appID: "app", token: "0A0B", appUserID: "alice@example.com", linkedAt: Fixtures.instant(1_500))
            }
            // Another customer's history names alice: the subscription moved from her to frank.
            try await world.purchase("ios-1", by: "frank")
            let audit = SQLAuditLog(database: connection)
            _ = try await audit.record(AuditEntry(
                occurredAt: Fixtures.instant(1_600), appID: "app", keyRole: "secret", keyFingerprint: "abc", method: "GET",
                path: "/v1/admin/customers/alice%40example.com/events", status: 200))
            try await world.purchase("ios-2", by: "alice@example.com")

            let pseudonym = try #require(try await world.identity.erase(app: app, appUserID: Self.anonymous))
            #expect(pseudonym.hasPrefix("$erased:"))
            for id in ["alice@example.com", Self.anonymous] {
                #expect(try await world.identity.profile(app: app, appUserID: id) == nil)
                #expect(try await world.customers.customer(app: app, appUserID: id) == nil)
            }
            // The purchases and history stay, under the pseudonym: the numbers do not change.
            #expect(try await world.subscriptions(of: pseudonym) == ["ios-2"])
            #expect(try await world.subscriptions(of: "frank") == ["ios-1"])
            #expect(try await world.eventKinds(of: pseudonym).contains(.aliasMerged))
            #expect(try await world.identity.profile(app: app, appUserID: pseudonym)?.attributes == CustomerAttributes())
            try await world.ledger.read { session in
                #expect(try await session.storeToken(appID: "app", appUserID: pseudonym, store: .appStore, kind: .receipt) == nil)
                #expect(try await session.appUserID(appID: "app", accountToken: "0A0B") == nil)
                let frankEvents = try await session.events(appID: "app", appUserID: "frank", limit: 100)
                let named = frankEvents.flatMap { $0.event.details.values }
                #expect(!named.contains("alice@example.com") && named.contains(pseudonym))
            }
            let paths = try await audit.entries(appID: "app", limit: 10).map(\.path)
            #expect(paths.allSatisfy { !$0.contains("alice") })
            #expect(paths.contains("/v1/admin/customers/\(pseudonym)/events"))

            #expect(try await world.identity.erase(app: app, appUserID: "alice@example.com") == nil)
        }
    }
}
