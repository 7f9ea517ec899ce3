import PerennialCore
import PerennialServices
import PerennialStorage
import Testing

/// Two devices logging the same anonymous id in at once, on databases several connections share: they end
/// as if one ran after the other.
@Suite("Concurrent logins")
struct ConcurrentLoginTests {
    static let anonymous = "$anonymous:00000000000000000000000000000abc"

    @Test(arguments: TestDatabase.available)
    func sameLoginFromManyDevicesMergesOnce(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let world = try IdentityWorld(database: connection)
            try await world.purchase("ios-1", by: Self.anonymous)
            let results = try await withThrowingTaskGroup(of: LoginResult.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        try await world.identity.logIn(app: IdentityWorld.app, appUserID: Self.anonymous, newAppUserID: "alice")
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(results.filter(\.merged).count == 1)
            #expect(results.allSatisfy { $0.customer.subscriptions.map(\.key.id) == ["ios-1"] })
            #expect(try await world.eventKinds(of: "alice").filter { $0 == .aliasMerged }.count == 1)
            #expect(try await world.identity.profile(app: IdentityWorld.app, appUserID: "alice")?.aliases == [Self.anonymous])
        }
    }

    @Test(arguments: TestDatabase.available)
    func loginsIntoTwoAccountsAtOnceGiveThePurchasesToOne(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let world = try IdentityWorld(database: connection)
            try await world.purchase("ios-1", by: Self.anonymous)
            let results = try await withThrowingTaskGroup(of: LoginResult.self) { group in
                for account in ["bob", "carol"] {
                    group.addTask {
                        try await world.identity.logIn(app: IdentityWorld.app, appUserID: Self.anonymous, newAppUserID: account)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let winner = try #require(results.first(where: \.merged)?.customer.appUserID)
            let other = winner == "bob" ? "carol" : "bob"
            #expect(results.filter(\.merged).count == 1)
            #expect(try await world.subscriptions(of: winner) == ["ios-1"])
            #expect(try await world.subscriptions(of: other).isEmpty)
            #expect(try await world.identity.resolve(app: IdentityWorld.app, appUserID: Self.anonymous) == winner)
        }
    }
}
