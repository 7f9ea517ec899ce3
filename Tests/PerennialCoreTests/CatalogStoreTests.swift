import PerennialCore
import PerennialTesting
import Testing

/// One product id declared for one store, and the same id store-less: each store's purchases take their own.
@Suite("Catalog per store")
struct CatalogStoreTests {
    let catalog = Catalog(products: [
        Product(id: "pro.monthly", type: .autoRenewable, subscriptionGroup: "pro", entitlements: ["pro"]),
        Product(id: "pro.monthly", type: .autoRenewable, entitlements: ["pro", "cloud"], store: .playStore, basePlanIDs: ["monthly"]),
        Product(id: "android.only", type: .autoRenewable, entitlements: ["android"], store: .playStore),
    ])

    @Test func aStoresOwnDeclarationWins() throws {
        #expect(catalog.product("pro.monthly", store: .appStore)?.entitlements == ["pro"])
        #expect(catalog.product("pro.monthly", store: .playStore)?.entitlements == ["pro", "cloud"])
        #expect(catalog.product("android.only", store: .appStore) == nil)
        #expect(catalog.product("android.only")?.store == .playStore)
        #expect(catalog.products.map(\.id) == ["android.only", "pro.monthly", "pro.monthly"])
    }

    @Test func entitlementsFollowTheStoreOfEachPurchase() {
        var play = Facts.period("GPA.1", original: "token-1", from: 0, to: 30)
        play.store = .playStore
        let apple = Facts.period("2000", original: "2000", from: 0, to: 30)
        let engine = SubscriptionEngine(catalog: catalog)
        let resolver = EntitlementResolver(catalog: catalog)
        let fromApple = resolver.entitlements(from: engine.states(of: FactBatch(transactions: [apple]), at: Facts.day(1)))
        let fromBoth = resolver.entitlements(from: engine.states(of: FactBatch(transactions: [apple, play]), at: Facts.day(1)))
        #expect(fromApple.map(\.identifier) == ["pro"])
        #expect(fromBoth.map(\.identifier) == ["cloud", "pro"])
    }
}
