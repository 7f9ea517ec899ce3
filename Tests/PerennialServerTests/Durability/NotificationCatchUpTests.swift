import Crypto
import PerennialAppStoreAdapter
import PerennialCore
import PerennialServices
import PerennialSimulator
import Testing

/// Notifications that never reached Perennial are found in the App Store's notification history and
/// ingested through the same path; what was already received is a repeat and changes nothing.
@Suite("Notification catch-up")
struct NotificationCatchUpTests {
    static func catchUp(_ app: inout AppSettings) {
        app.apple?.notificationCatchUp = NotificationCatchUpSettings(interval: .seconds(3_600), initialWindow: .seconds(86_400), overlap: .seconds(600))
    }

    @Test func missedNotificationsAreRecoveredFromTheHistory() async throws {
        try await TestHarness.run(notificationVersions: [2], serverAPIKey: P256.Signing.PrivateKey(), configureApp: Self.catchUp) { harness in
            let purchase = try await harness.simulator.purchase(account: "uma", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            #expect(try await harness.postTransaction(try #require(purchase.signedTransactionInfo), appUserID: "uma").status == 200)
            // The first catch-up reads the last day: the SUBSCRIBED notification that was delivered is a repeat.
            #expect(try await harness.stack.scheduler.tick() == 1)
            #expect(try await harness.drainJobs(step: .seconds(1)).isEmpty)
            let delivered = try await harness.stack.notificationInbox.notifications(appID: "forest", limit: 50)

            // Perennial is unreachable: the renewal and the auto-renew change never arrive.
            await harness.simulator.setNotificationSender(DroppingNotificationSender())
            let summary = try await harness.simulator.subscription(originalTransactionID: purchase.originalTransactionID)
            await harness.advanceTo(summary.expiresAt, plusDays: 0.1)
            _ = try await harness.simulator.setAutoRenew(originalTransactionID: purchase.originalTransactionID, enabled: false)
            _ = await harness.simulator.advanceClock(by: .seconds(60))
            #expect(try await harness.customer("uma").body["subscriptions"][0]["renewal_count"].int == 0)

            #expect(try await harness.stack.scheduler.tick() == 1, "the interval has passed since the last read")
            #expect(try await harness.drainJobs(step: .seconds(1)).isEmpty)
            let subscription = try await harness.customer("uma").body["subscriptions"][0]
            #expect(subscription["renewal_count"].int == 1)
            #expect(subscription["will_renew"].bool == false)
            let inbox = try await harness.stack.notificationInbox.notifications(appID: "forest", limit: 50)
            #expect(inbox.count > delivered.count)
            #expect(inbox.allSatisfy { $0.status == .processed })
            #expect(try await harness.eventTypes("uma").contains("renewal"))

            // Read again at once: nothing is due; after the interval, everything read is a repeat.
            #expect(try await harness.stack.scheduler.tick() == 0)
            _ = await harness.simulator.advanceClock(by: .seconds(3_700))
            let events = try await harness.eventTypes("uma")
            #expect(try await harness.stack.scheduler.tick() == 1)
            #expect(try await harness.drainJobs(step: .seconds(1)).isEmpty)
            #expect(try await harness.eventTypes("uma") == events)
        }
    }
}
