import PerennialCore
import PerennialServices
import PerennialStorage
import Testing

/// Logging in on each database: an anonymous id's purchases and history merge into the identified customer
/// and the id stays an alias of it; an identified id merges nothing; a repeat changes nothing.
@Suite("Login and aliases")
struct LoginTests {
    static let anonymous = "$anonymous:0123456789abcdef0123456789abcdef"

    @Test(arguments: TestDatabase.available)
    func anonymousPurchasesMergeIntoTheIdentifiedCustomer(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let world = try IdentityWorld(database: connection)
            try await world.purchase("ios-1", by: Self.anonymous)
            try await world.purchase("play-1", by: Self.anonymous, store: .playStore)
            try await world.purchase("web-1", by: "alice", store: .stripe)

            let login = try await world.identity.logIn(app: IdentityWorld.app, appUserID: Self.anonymous, newAppUserID: "alice")
            #expect(login.merged)
            #expect(!login.created)
            #expect(login.customer.appUserID == "alice")
            // Both sets kept, from every store.
            #expect(Set(login.customer.subscriptions.map(\.key)) == [
                SubscriptionKey(store: .appStore, id: "ios-1"), SubscriptionKey(store: .playStore, id: "play-1"),
                SubscriptionKey(store: .stripe, id: "web-1"),
            ])
            #expect(login.customer.entitlements.map(\.identifier) == ["pro"])

            // The anonymous id resolves to alice on every read.
            #expect(try await world.customers.customer(app: IdentityWorld.app, appUserID: Self.anonymous)?.appUserID == "alice")
            #expect(try await world.identity.resolve(app: IdentityWorld.app, appUserID: Self.anonymous) == "alice")
            #expect(try await world.identity.profile(app: IdentityWorld.app, appUserID: Self.anonymous)?.aliases == [Self.anonymous])
            let kinds = try await world.eventKinds(of: Self.anonymous)
            #expect(kinds.filter { $0 == .aliasMerged }.count == 1)
            #expect(kinds.filter { $0 == .initialPurchase }.count == 3)

            // A repeat (the other device, a retried request) changes nothing.
            let again = try await world.identity.logIn(app: IdentityWorld.app, appUserID: Self.anonymous, newAppUserID: "alice")
            #expect(!again.merged)
            #expect(again.customer.subscriptions == login.customer.subscriptions)
            #expect(try await world.eventKinds(of: "alice") == kinds)
        }
    }

    @Test(arguments: TestDatabase.available)
    func loginIntoANewIDCreatesItAndKeepsTheFirstSeenInstant(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let world = try IdentityWorld(database: connection)
            try await world.purchase("ios-1", by: Self.anonymous)
            world.clock.set(Fixtures.instant(9_000))
            let login = try await world.identity.logIn(app: IdentityWorld.app, appUserID: Self.anonymous, newAppUserID: "bob")
            #expect(login.created && login.merged)
            #expect(login.customer.firstSeenAt == Fixtures.instant(1_500))
            #expect(try await world.subscriptions(of: "bob") == ["ios-1"])
        }
    }

    @Test(arguments: TestDatabase.available)
    func anIdentifiedIDSwitchesWithoutMerging(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let world = try IdentityWorld(database: connection)
            try await world.purchase("ios-1", by: "carol")
            let login = try await world.identity.logIn(app: IdentityWorld.app, appUserID: "carol", newAppUserID: "dave")
            #expect(!login.merged && login.created)
            #expect(login.customer.subscriptions.isEmpty)
            #expect(try await world.subscriptions(of: "carol") == ["ios-1"])
            #expect(try await world.identity.resolve(app: IdentityWorld.app, appUserID: "carol") == "carol")
        }
    }

    @Test(arguments: TestDatabase.available)
    func purchasesSentWithTheAliasAfterLoginGoToTheCustomer(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let world = try IdentityWorld(database: connection)
            _ = try await world.identity.logIn(app: IdentityWorld.app, appUserID: Self.anonymous, newAppUserID: "erin")
            // An app still holding the anonymous id sends a receipt; a store names it in its metadata.
            try await world.purchase("ios-2", by: Self.anonymous)
            try await world.ingestor.ingestForOwners(FactBatch(
                transactions: [Fixtures.transaction("web-2", original: "web-2", product: "price_web", expiresAt: 10_000, store: .stripe)],
                ownerClaims: [SubscriptionOwnerClaim(subscription: Fixtures.key("web-2", store: .stripe), appUserID: Self.anonymous)]
            ), app: IdentityWorld.app)
            #expect(Set(try await world.subscriptions(of: "erin")) == ["ios-2", "web-2"])
            #expect(try await world.ledger.read { try await $0.customer(appID: "app", appUserID: Self.anonymous) } == nil)
        }
    }

    @Test(arguments: TestDatabase.available)
    func anonymousNewIDsAndBadIDsAreRefused(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let world = try IdentityWorld(database: connection)
            for (current, new) in [("alice", "$anonymous:ffff"), ("alice", "$RCAnonymousID:abc"), ("", "alice"), ("alice", "  ")] {
                await #expect(throws: PerennialError.self) {
                    try await world.identity.logIn(app: IdentityWorld.app, appUserID: current, newAppUserID: new)
                }
            }
            #expect(try await world.ledger.read { try await $0.customer(appID: "app", appUserID: "alice") } == nil)
        }
    }

    @Test func logoutGivesAFreshAnonymousID() async throws {
        let first = AnonymousAppUserID.make()
        let second = AnonymousAppUserID.make()
        #expect(first != second)
        #expect(first.hasPrefix("$anonymous:") && first.count == "$anonymous:".count + 32)
        #expect(AnonymousAppUserID.isAnonymous(first))
        #expect(AnonymousAppUserID.isAnonymous("$RCAnonymousID:0123"))
        #expect(!AnonymousAppUserID.isAnonymous("alice"))
    }
}
