import PerennialCore
import PerennialTesting
import Testing

@Suite("Entitlements")
struct EntitlementResolverTests {
    let catalog = Catalog(products: [
        Product(id: "pro.monthly", type: .autoRenewable, subscriptionGroup: "pro", entitlements: ["pro"]),
        Product(id: "lifetime", type: .nonConsumable, entitlements: ["pro", "themes"]),
        Product(id: "coins", type: .consumable, entitlements: ["coins"]),
    ])

    func states(_ transactions: [TransactionFact], _ renewals: [RenewalInfoFact] = [], at: Double) -> [SubscriptionState] {
        SubscriptionEngine(catalog: catalog).states(of: FactBatch(transactions: transactions, renewalInfos: renewals), at: Facts.day(at))
    }

    @Test func activeSubscriptionGrantsItsEntitlement() throws {
        let result = EntitlementResolver(catalog: catalog).entitlements(from: states(
            [Facts.period("1000", from: 0, to: 7, trial: true)], [Facts.renewal(observedOn: 0)], at: 1
        ))
        let pro = try #require(result.first)
        #expect(result.count == 1)
        #expect(pro.identifier == "pro")
        #expect(pro.periodType == .trial)
        #expect(pro.expiresAt == Facts.day(7))
        #expect(pro.willRenew)
    }

    @Test func gracePeriodGrantsUntilItEnds() throws {
        let result = EntitlementResolver(catalog: catalog).entitlements(from: states(
            [Facts.period("1000", from: 0, to: 30)], [Facts.renewal(observedOn: 30.1, billingRetry: true, graceUntil: 46)], at: 31
        ))
        let pro = try #require(result.first)
        #expect(pro.isInGracePeriod)
        #expect(pro.expiresAt == Facts.day(46))
        #expect(pro.billingIssueDetectedAt == Facts.day(30))
    }

    @Test func expiredRevokedAndConsumablesGrantNothing() {
        let result = EntitlementResolver(catalog: catalog).entitlements(from: states([
            Facts.period("1000", from: 0, to: 30),
            Facts.purchase("5000", product: "lifetime", on: 1, cancelledOn: 2),
            Facts.purchase("6000", product: "coins", on: 1),
        ], [Facts.renewal(observedOn: 31, intent: 1)], at: 40))
        #expect(result.isEmpty)
    }

    @Test func aLifetimePurchaseBeatsASubscription() {
        let result = EntitlementResolver(catalog: catalog).entitlements(from: states([
            Facts.period("1000", from: 0, to: 30), Facts.purchase("5000", product: "lifetime", on: 1),
        ], [Facts.renewal(observedOn: 1)], at: 2))
        #expect(result.map(\.identifier) == ["pro", "themes"])
        #expect(result.allSatisfy { $0.productID == "lifetime" && $0.expiresAt == nil })
    }

    @Test func productsOutsideTheCatalogGrantNothing() {
        let result = EntitlementResolver(catalog: catalog).entitlements(from: states(
            [Facts.period("1000", product: "unknown", from: 0, to: 30)], at: 1
        ))
        #expect(result.isEmpty)
    }
}
