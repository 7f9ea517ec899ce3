import PerennialCore
import PerennialServices
import PerennialStorage
import PerennialTesting
import PropertyBased
import Testing

/// Merge order does not change the result: anonymous ids buying on several stores and logging in to one
/// account, in any order (a purchase before or after its id's login, logins repeated), leave that account
/// with every purchase, every id as an alias, and one merge event per id.
@Suite("Merge order")
struct MergeOrderPropertyTests {
    enum Operation: Hashable {
        case purchase(device: Int, subscription: String, store: Store)
        case login(device: Int)
    }

    static let stores: [Store] = [.appStore, .playStore, .stripe]

    @Test func anyOrderOfPurchasesAndLoginsGivesTheSameAccount() async {
        await propertyCheck(count: 25, input: Gen.int(in: 0...1_000_000)) { seed in
            do {
                try await check(seed: UInt64(seed))
            } catch {
                Issue.record("seed \(seed): \(error)")
            }
        }
    }

    func check(seed: UInt64) async throws {
        var random = SplitMix64(state: seed)
        let devices = Int.random(in: 2...4, using: &random)
        var operations: [Operation] = []
        for device in 0..<devices {
            for index in 0..<Int.random(in: 0...2, using: &random) {
                let store = Self.stores.randomElement(using: &random)!
                operations.append(.purchase(device: device, subscription: "d\(device)-\(index)", store: store))
            }
            operations.append(contentsOf: Array(repeating: .login(device: device), count: Int.random(in: 1...2, using: &random)))
        }
        operations.append(.purchase(device: -1, subscription: "own", store: .stripe))
        operations.shuffle(using: &random)

        try await TestDatabase.sqliteMemory.withDatabase { connection in
            let world = try IdentityWorld(database: connection)
            func id(_ device: Int) -> String { device < 0 ? "alice" : "$anonymous:device\(device)" }
            for operation in operations {
                switch operation {
                case .purchase(let device, let subscription, let store):
                    try await world.purchase(subscription, by: id(device), store: store)
                case .login(let device):
                    _ = try await world.identity.logIn(app: IdentityWorld.app, appUserID: id(device), newAppUserID: "alice")
                }
            }
            let expectedSubscriptions = Set(operations.compactMap { operation -> String? in
                if case .purchase(_, let subscription, _) = operation { return subscription }
                return nil
            })
            #expect(Set(try await world.subscriptions(of: "alice")) == expectedSubscriptions, "seed \(seed)")
            let profile = try #require(try await world.identity.profile(app: IdentityWorld.app, appUserID: "alice"))
            #expect(profile.aliases == (0..<devices).map(id).sorted(), "seed \(seed)")
            #expect(try await world.eventKinds(of: "alice").filter { $0 == .aliasMerged }.count == devices, "seed \(seed)")
            for device in 0..<devices {
                #expect(try await world.customers.customer(app: IdentityWorld.app, appUserID: id(device))?.appUserID == "alice")
            }
        }
    }
}
