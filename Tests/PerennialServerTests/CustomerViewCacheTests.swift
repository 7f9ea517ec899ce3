import Foundation
import PerennialCore
import PerennialServices
import PerennialTesting
import Testing

/// The process's cache of customers: an entry is served only while no write committed since it was read
/// and while none of its states has changed by itself (its `validUntil`).
@Suite("Customer view cache")
struct CustomerViewCacheTests {
    static func snapshot(_ user: String, expiresOn day: Double) -> CustomerSnapshot {
        let states = SubscriptionEngine(catalog: TestHarness.catalog()).states(
            of: FactBatch(transactions: [Facts.period("1", from: 0, to: day)], renewalInfos: [Facts.renewal(observedOn: 0)]),
            at: Facts.day(0.5)
        )
        return CustomerSnapshot(
            customer: CustomerRecord(appID: "forest", appUserID: user, createdAt: Facts.day(0)), subscriptions: states
        )
    }

    @Test func anEntryLastsUntilAWriteOrItsStateChangesByItself() throws {
        let cache = CustomerViewCache()
        let kept = Self.snapshot("ann", expiresOn: 30)
        cache.keep(kept, appID: "forest", readAt: cache.generation)
        #expect(cache.snapshot(appID: "forest", appUserID: "ann", at: Facts.day(1)) == kept)
        #expect(cache.snapshot(appID: "other", appUserID: "ann", at: Facts.day(1)) == nil)
        let validUntil = try #require(kept.subscriptions.compactMap(\.validUntil).min())
        #expect(cache.snapshot(appID: "forest", appUserID: "ann", at: validUntil) == nil, "time changed it")

        cache.invalidateAll()
        #expect(cache.snapshot(appID: "forest", appUserID: "ann", at: Facts.day(1)) == nil, "a write committed")
    }

    @Test func aReadOverlappingAWriteIsNotKept() {
        let cache = CustomerViewCache()
        let before = cache.generation
        cache.invalidateAll()  // a write commits while the read is under way
        cache.keep(Self.snapshot("bob", expiresOn: 30), appID: "forest", readAt: before)
        #expect(cache.snapshot(appID: "forest", appUserID: "bob", at: Facts.day(1)) == nil)
    }

    @Test func itStaysWithinItsCapacity() {
        let cache = CustomerViewCache(capacity: 50)
        for index in 0..<200 { cache.keep(Self.snapshot("u\(index)", expiresOn: 30), appID: "forest", readAt: cache.generation) }
        let kept = (0..<200).filter { cache.snapshot(appID: "forest", appUserID: "u\($0)", at: Facts.day(1)) != nil }
        #expect(kept.count <= 50)
        #expect(kept.contains(199))
    }

    /// End to end: a refund the store announces is never answered from the cache as active.
    @Test func aRefundIsServedAtOnce() async throws {
        try await TestHarness.run(notificationVersions: [2]) { harness in
            let purchase = try await harness.simulator.purchase(account: "cam", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            #expect(try await harness.postReceipt(purchase.receiptData, appUserID: "cam").status == 200)
            for _ in 0..<3 { #expect(try await harness.customer("cam").body["entitlements"].array.count == 1) }
            let cache = try #require(harness.stack.customerCache)
            #expect(cache.snapshot(appID: "forest", appUserID: "cam", at: harness.clock.now()) != nil, "answered from the cache")
            _ = try await harness.simulator.refund(originalTransactionID: purchase.originalTransactionID, reason: "1")
            await harness.simulator.deliverDueNotifications()
            #expect(try await harness.customer("cam").body["entitlements"].array.isEmpty)
        }
    }
}
