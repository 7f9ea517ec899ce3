import PerennialCore
import PerennialServices
import PerennialStorage
import PerennialTesting
import Testing

/// `CustomerService.customer(app:appUserID:rendering:)`: what a surface makes of a cached customer is made
/// once (on the customer's first read from the cache) and given again, with each read's own instant, until a
/// write, time or the app's settings change it.
@Suite("Customer renderings")
struct CustomerRenderingTests {
    /// A rendering: the entitlements' identifiers and the customer's id.
    struct Names: CustomerRendering, Equatable {
        var names: [String]
        var byteCount: Int { names.reduce(0) { $0 + $1.utf8.count } }
    }

    /// A rendering of another type.
    struct Count: CustomerRendering, Equatable {
        var count: Int
        var byteCount: Int { 8 }
    }

    /// A cached service over one customer, `u1`, with a pro subscription that ends at 10,000.
    static func world(
        _ connection: PerennialDatabase, cache: CustomerViewCache
    ) async throws -> (service: CustomerService, ledger: any Ledger, clock: FixedClock) {
        let ledger = CacheInvalidatingLedger(SQLLedger(database: connection), cache: cache)
        let app = CustomerServiceReadTests.app
        let current = [Fixtures.transaction("2000", original: "2000", purchasedAt: 1_000, expiresAt: 10_000)]
        let state = try #require(SubscriptionEngine(catalog: app.catalog).state(transactions: current, renewalInfos: [], at: Fixtures.instant(1_500)))
        try await ledger.write { write in
            _ = try await write.findOrCreateCustomer(appID: "app", appUserID: "u1", createdAt: Fixtures.instant(5))
            try await write.saveTransactions(appID: "app", current, recordedAt: Fixtures.instant(1_500))
            try await write.saveSubscription(appID: "app", ownerAppUserID: "u1", state: state, updatedAt: Fixtures.instant(1_500))
        }
        let clock = FixedClock(Fixtures.instant(1_800))
        return (CustomerService(ledger: ledger, clock: clock, cache: cache), ledger, clock)
    }

    @Test func aRenderingIsMadeOncePerCachedCustomer() async throws {
        try await TestDatabase.sqliteMemory.withDatabase { connection in
            let (service, ledger, clock) = try await Self.world(connection, cache: CustomerViewCache())
            let app = CustomerServiceReadTests.app
            var renders = 0
            func read(_ app: AppSettings = app, _ user: String = "u1") async throws -> (rendering: Names, at: Instant)? {
                try await service.customer(app: app, appUserID: user, rendering: { view in
                    renders += 1
                    return Names(names: view.entitlements.map(\.identifier) + [view.appUserID])
                })
            }

            let first = try #require(try await read())
            #expect(first.rendering.names == ["pro", "u1"])
            #expect(first.at == Fixtures.instant(1_800))
            #expect(renders == 1)
            _ = try await read()
            #expect(renders == 2, "the first read from the cache renders and keeps it")
            clock.set(Fixtures.instant(1_900))
            let third = try #require(try await read())
            #expect(renders == 2, "the next is answered from the rendering kept")
            #expect(third.rendering == first.rendering)
            #expect(third.at == Fixtures.instant(1_900), "with its own instant")

            // A rendering of another type is made anew.
            let count = try await service.customer(app: app, appUserID: "u1", rendering: { Count(count: $0.subscriptions.count) })
            #expect(count?.rendering.count == 1)
            _ = try await read()
            #expect(renders == 3, "a rendering of another type replaced it")

            // Another catalog renders again; copies of the same settings do not.
            var renamed = app
            renamed.catalog = Catalog(products: [
                Product(id: "pro.monthly", type: .autoRenewable, subscriptionGroup: "pro", entitlements: ["premium"]),
            ])
            #expect(try await read(renamed)?.rendering.names == ["premium", "u1"])
            #expect(renders == 4)
            let copy = renamed
            _ = try await read(copy)
            #expect(renders == 4)
            var managed = renamed
            managed.managementURLTemplates = [.appStore: "https://apps.apple.com/account/subscriptions"]
            _ = try await read(managed)
            #expect(renders == 5, "management URLs are part of the view")

            // A committed write drops it, as it drops the snapshot.
            try await ledger.write { write in
                _ = try await write.findOrCreateCustomer(appID: "app", appUserID: "u2", createdAt: Fixtures.instant(1_900))
            }
            for _ in 0..<3 { _ = try await read(managed) }
            #expect(renders == 7, "read, then kept on the first read from the cache")

            // Time that changes a state does too: past the period's end, the view is read and folded again.
            clock.set(Fixtures.instant(20_000))
            #expect(try await read(managed)?.rendering.names == ["u1"])
            #expect(renders == 8)
            #expect(try await read(managed, "nobody") == nil)
            #expect(renders == 8)
        }
    }

    @Test func withoutACacheEveryReadRenders() async throws {
        try await TestDatabase.sqliteMemory.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            try await ledger.write { write in
                _ = try await write.findOrCreateCustomer(appID: "app", appUserID: "u1", createdAt: Fixtures.instant(5))
            }
            let service = CustomerService(ledger: ledger, clock: FixedClock(Fixtures.instant(10)))
            var renders = 0
            for _ in 0..<3 {
                let answer = try await service.customer(app: CustomerServiceReadTests.app, appUserID: "u1", rendering: { view in
                    renders += 1
                    return Count(count: view.subscriptions.count)
                })
                #expect(answer?.rendering.count == 0)
            }
            #expect(renders == 3)
        }
    }

    /// Renderings are kept up to the cache's budget of bytes; a write frees them all.
    @Test func renderingsAreKeptWithinTheirBudget() async throws {
        try await TestDatabase.sqliteMemory.withDatabase { connection in
            let cache = CustomerViewCache(renderingBudget: 10)
            let (service, ledger, _) = try await Self.world(connection, cache: cache)
            var renders = 0
            func read(padding: Int) async throws {
                _ = try await service.customer(app: CustomerServiceReadTests.app, appUserID: "u1", rendering: { _ in
                    renders += 1
                    return Names(names: [String(repeating: "x", count: padding)])
                })
            }
            for _ in 0..<4 { try await read(padding: 11) }
            #expect(renders == 4, "over the budget: made every time")
            #expect(cache.renderingBytes == 0)
            for _ in 0..<4 { try await read(padding: 10) }
            #expect(renders == 5, "within it: kept")
            #expect(cache.renderingBytes == 10)
            try await ledger.write { write in
                _ = try await write.findOrCreateCustomer(appID: "app", appUserID: "u2", createdAt: Fixtures.instant(1_900))
            }
            #expect(cache.renderingBytes == 0, "a write frees them")
        }
    }
}
