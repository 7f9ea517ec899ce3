import PerennialCore
import PerennialServices
import PerennialStorage
import PerennialTesting
import Testing

/// `CustomerService.customer` on each database: one read for the customer and its stored states, and the facts
/// read and folded again only for the states time has overtaken.
@Suite("Customer reads")
struct CustomerServiceReadTests {
    static let app = AppSettings(
        id: "app", bundleID: "com.example.app",
        catalog: Catalog(products: [
            Product(id: "pro.monthly", type: .autoRenewable, subscriptionGroup: "pro", entitlements: ["pro"]),
        ]),
        publicAPIKey: "public", secretAPIKey: "secret"
    )

    @Test(arguments: TestDatabase.available)
    func foldsAgainOnlyTheStatesTimeOvertook(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            let engine = SubscriptionEngine(catalog: Self.app.catalog)
            let lapsing = [Fixtures.transaction("1000", original: "1000", purchasedAt: 1_000, expiresAt: 2_000)]
            let renewals = [Fixtures.renewalInfo(original: "1000", observedAt: 1_000, willAutoRenew: false)]
            let current = [Fixtures.transaction("2000", original: "2000", purchasedAt: 1_000, expiresAt: 10_000)]
            let storedLapsing = try #require(engine.state(transactions: lapsing, renewalInfos: renewals, at: Fixtures.instant(1_500)))
            let storedCurrent = try #require(engine.state(transactions: current, renewalInfos: [], at: Fixtures.instant(1_500)))
            try await ledger.write { write in
                _ = try await write.findOrCreateCustomer(appID: "app", appUserID: "u1", createdAt: Fixtures.instant(5))
                try await write.saveTransactions(appID: "app", lapsing + current, recordedAt: Fixtures.instant(1_500))
                try await write.saveRenewalInfos(appID: "app", renewals, recordedAt: Fixtures.instant(1_500))
                for state in [storedLapsing, storedCurrent] {
                    try await write.saveSubscription(appID: "app", ownerAppUserID: "u1", state: state, updatedAt: Fixtures.instant(1_500))
                }
            }
            let clock = FixedClock(Fixtures.instant(1_800))
            let service = CustomerService(ledger: ledger, clock: clock)

            // Before the first period ends, the stored states are the answer.
            let early = try #require(try await service.customer(app: Self.app, appUserID: "u1"))
            #expect(early.subscriptions == [storedLapsing, storedCurrent])
            #expect(early.firstSeenAt == Fixtures.instant(5))
            #expect(early.requestedAt == Fixtures.instant(1_800))
            #expect(early.entitlements.count == 1)

            // After it, that state is folded again from its facts; the other stays as stored.
            clock.set(Fixtures.instant(3_000))
            let refolded = try #require(engine.state(transactions: lapsing, renewalInfos: renewals, at: Fixtures.instant(3_000)))
            #expect(refolded != storedLapsing)
            let late = try #require(try await service.customer(app: Self.app, appUserID: "u1"))
            #expect(late.subscriptions == [refolded, storedCurrent])
            #expect(late.entitlements == EntitlementResolver(catalog: Self.app.catalog).entitlements(from: late.subscriptions))

            #expect(try await service.customer(app: Self.app, appUserID: "nobody") == nil)
        }
    }
}
