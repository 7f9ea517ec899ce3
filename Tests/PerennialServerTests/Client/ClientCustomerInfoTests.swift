import Foundation
import PerennialClient
import PerennialCore
import Testing

/// The customer on the device: fresh for a while, then asked again with its ETag, the cached copy offline
/// (with its age, and never past an entitlement's expiry), and every change as it happens.
@Suite("Client: the customer, cached and fresh")
struct ClientCustomerInfoTests {
    @Test(.timeLimit(.minutes(2)))
    func aFreshCopyIsNotAskedForAgainAndAStaleOneCostsA304() async throws {
        try await TestHarness.run { harness in
            let device = ClientTestDevice(harness, account: "ida")
            defer { device.removeFiles() }
            let client = await device.launch(maxAge: 300)
            _ = try await client.purchase(productID: "pro.monthly")
            let served = try await client.customerInfo(.fromServer)
            #expect(served.source == .server)
            let first = try #require(device.transport.exchanges.last)
            #expect(first.method == "GET" && first.status == 200)

            let count = device.transport.exchanges.count
            _ = harness.clock.advance(by: .seconds(120))
            let cachedRead = try await client.customerInfo()
            #expect(cachedRead.source == .cache)
            #expect(device.transport.exchanges.count == count, "two minutes old: fresh, no request")

            _ = harness.clock.advance(by: .seconds(240))
            let revalidated = try await client.customerInfo()
            let last = try #require(device.transport.exchanges.last)
            #expect(last.requestHeaders["If-None-Match"] != nil && last.status == 304)
            #expect(revalidated.source == .server && revalidated.age(at: device.now) == 0)
            #expect(revalidated.isEntitled(to: "pro", at: device.now))
            #expect(revalidated.serverDate(at: device.now) >= served.requestDate.addingTimeInterval(360))
            await client.stop()
        }
    }

    @Test(.timeLimit(.minutes(2)))
    func offlineTheCachedCustomerAnswersWithItsAgeUntilTheEntitlementExpires() async throws {
        try await TestHarness.run { harness in
            let device = ClientTestDevice(harness, account: "jon")
            defer { device.removeFiles() }
            let online = await device.launch()
            _ = try await online.purchase(productID: "pro.monthly")
            _ = try await online.customerInfo(.fromServer)
            await online.stop()

            device.transport.isDown = true
            _ = harness.clock.advance(by: .seconds(3_600))
            let offline = await device.launch()
            let cached = try await offline.customerInfo()
            #expect(cached.source == .cache)
            #expect(cached.age(at: device.now) == 3_600)
            #expect(cached.isEntitled(to: "pro", at: device.now))
            let expiry = try #require(cached.entitlements.first?.expiresAt)
            // Past the period the server vouched for, the cached copy grants nothing.
            #expect(!cached.isEntitled(to: "pro", at: expiry.addingTimeInterval(1)))
            let offlineRead = try await offline.customerInfo(.fromServer)
            #expect(offlineRead.source == .cache)
            await offline.stop()

            let fresh = ClientTestDevice(harness, account: "jon")
            defer { fresh.removeFiles() }
            fresh.transport.isDown = true
            let empty = await fresh.launch()
            await #expect(throws: PerennialClientError.noCachedCustomer) { try await empty.customerInfo(.cachedOnly) }
            let error = await #expect(throws: PerennialClientError.self) { try await empty.customerInfo() }
            #expect(error?.code == "network_unavailable")
            await empty.stop()
        }
    }

    @Test(.timeLimit(.minutes(2)))
    func renewalsAndARefundArriveThroughTheStoreUpdates() async throws {
        try await TestHarness.run { harness in
            let device = ClientTestDevice(harness, account: "kim")
            defer { device.removeFiles() }
            let client = await device.launch()
            let purchase = try await client.purchase(productID: "pro.monthly")
            let transaction = try #require(purchase.transaction)
            let firstExpiry = try #require(purchase.customerInfo?.entitlements.first?.expiresAt)
            let updates = await client.customerInfoUpdates()
            var iterator = updates.makeAsyncIterator()
            _ = await iterator.next()  // the cached copy, first

            // A renewal a month later, delivered by StoreKit while the app runs.
            await harness.advance(days: 31)
            let renewed = try await harness.simulator.subscription(originalTransactionID: transaction.originalID)
            try await device.store.deliverUpdate(renewed.latestTransactionID)
            let afterRenewal = await iterator.next()
            #expect(afterRenewal?.isEntitled(to: "pro", at: device.now) == true)
            #expect((afterRenewal?.entitlements.first?.expiresAt ?? .distantPast) > firstExpiry)

            // A refund: StoreKit hands the revoked transaction over; access ends.
            try await harness.simulator.refund(originalTransactionID: transaction.originalID)
            try await device.store.deliverUpdate(renewed.latestTransactionID)
            let afterRefund = await iterator.next()
            #expect(afterRefund?.isEntitled(to: "pro", at: device.now) == false)
            #expect(afterRefund?.subscriptions.first?.revocationReason == "refund")
            #expect(device.store.unfinishedIDs.isEmpty)
            await client.stop()
        }
    }
}
