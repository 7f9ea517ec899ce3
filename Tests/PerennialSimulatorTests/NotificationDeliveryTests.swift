import Foundation
import PerennialAppStore
import PerennialCore
import PerennialSimulator
import Testing

@Suite struct NotificationDeliveryTests {
    @Test func failedDeliveriesAreRetriedOnApplesSchedule() async throws {
        let sender = RecordingSender(status: 500)
        let simulator = try NotificationFixture.simulator(sender: sender, v1: false)
        _ = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "coins")
        await simulator.deliverDueNotifications()
        #expect(sender.posts.count == 1)

        let hour: Int64 = 3_600_000
        var expected = [Fixture.start]
        for retry: Int64 in [1, 12, 24, 48, 72] {
            let due = expected[expected.count - 1].adding(milliseconds: retry * hour)
            await simulator.advanceClock(by: .milliseconds(due.milliseconds - (await simulator.now()).milliseconds - 1))
            await simulator.deliverDueNotifications()
            #expect(sender.posts.count == expected.count, "not before the retry is due")
            await simulator.advanceClock(by: .milliseconds(1))
            await simulator.deliverDueNotifications()
            #expect(sender.posts.count == expected.count + 1)
            expected.append(due)
        }
        await simulator.advance(days: 30)
        await simulator.deliverDueNotifications()
        #expect(sender.posts.count == 6)
        #expect(Set(sender.posts.map(\.body)).count == 1, "every attempt posts the same notification")

        let notification = try #require(await simulator.notifications().first)
        #expect(notification.state == .failed)
        #expect(notification.nextAttemptAt == nil)
        #expect(notification.attempts.map(\.attemptedAt) == expected)
        #expect(notification.attempts.allSatisfy { $0.httpStatus == 500 && $0.result == "UNSUCCESSFUL_HTTP_RESPONSE_CODE" })
    }

    @Test func deliveredOnceOnSuccessAndRecoversAfterFailures() async throws {
        let sender = RecordingSender(status: nil)
        let simulator = try NotificationFixture.simulator(sender: sender, v1: false)
        _ = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "coins")
        await simulator.deliverDueNotifications()
        sender.answer(204)
        await simulator.advance(days: 0.5)  // the 1-hour retry
        await simulator.deliverDueNotifications()
        await simulator.advance(days: 10)
        await simulator.deliverDueNotifications()
        #expect(sender.posts.count == 2)
        let notification = try #require(await simulator.notifications().first)
        #expect(notification.state == .delivered)
        #expect(notification.attempts.map(\.result) == ["NO_RESPONSE", "SUCCESS"])
        #expect(notification.attempts.map(\.httpStatus) == [nil, 204])

        _ = try await simulator.purchase(account: "bob", bundleID: Fixture.bundleID, productID: "coins")
        await simulator.deliverDueNotifications()
        await simulator.advance(days: 10)
        await simulator.deliverDueNotifications()
        #expect(sender.posts.count == 3)
    }

    @Test func version1CarriesTheSharedSecretAndTheUnifiedReceipt() async throws {
        let sender = RecordingSender()
        let simulator = try NotificationFixture.simulator(sender: sender)
        let purchase = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly")
        await simulator.advance(days: 32)
        try await simulator.setAutoRenew(originalTransactionID: purchase.originalTransactionID, enabled: false)
        _ = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "coins")
        await simulator.deliverDueNotifications()

        let bodies = sender.version1Bodies()
        #expect(bodies.map(\.notificationType) == ["INITIAL_BUY", "DID_RENEW", "DID_CHANGE_RENEWAL_STATUS"])
        #expect(bodies.allSatisfy { $0.password == Fixture.secret && $0.environment == "Sandbox" })
        #expect(bodies.allSatisfy { $0.bundleID == Fixture.bundleID })
        #expect(bodies.allSatisfy { $0.originalTransactionID == purchase.originalTransactionID })
        #expect(bodies.map(\.autoRenewStatus) == [true, true, false])
        #expect(bodies.allSatisfy { $0.autoRenewProductID == "pro.monthly" })
        #expect(bodies.allSatisfy { $0.fields.string("bvrs") != nil })
        let renewal = try #require(bodies[1].unifiedReceipt)
        #expect(renewal.status == 0)
        #expect(renewal.environment == "Sandbox")
        #expect(renewal.latestReceiptInfo?.count == 2)
        #expect(renewal.pendingRenewalInfo?.first?.autoRenewProductID == "pro.monthly")
        let latest = try #require(renewal.latestReceipt)
        #expect(await simulator.verify(latest).latestReceiptInfo?.count == 2)
        #expect(sender.signedPayloads().count == 4, "version 2 also went out, ONE_TIME_CHARGE included")
    }

    @Test func sendingNeverBlocksTheSimulator() async throws {
        let sender = GateSender()
        let simulator = try NotificationFixture.simulator(sender: RecordingSender(), v1: false)
        await simulator.setNotificationSender(sender)
        _ = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "coins")
        let delivery = Task { await simulator.deliverDueNotifications() }
        await sender.waitUntilCalled()
        // The post is under way and suspended: the simulator still answers.
        let other = try await simulator.purchase(account: "bob", bundleID: Fixture.bundleID, productID: "coins")
        #expect(await simulator.verify(other.receiptData).status == 0)
        sender.open()
        await delivery.value
        await simulator.deliverDueNotifications()
        let notifications = await simulator.notifications()
        #expect(notifications.count == 2)
        #expect(notifications.allSatisfy { $0.state == .delivered })
    }

    @Test func controlAPIListsAndFlushes() async throws {
        let sender = RecordingSender(status: 503)
        let simulator = try NotificationFixture.simulator(sender: sender, v1: false)
        _ = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly")
        try await withSimulatorRouter(simulator) { client in
            let flushed = try await client.send(.post, "/simulator/notifications/flush")
            #expect(flushed.status == .ok)
            let list = try await client.send(.get, "/simulator/notifications")
            guard case .array(let items)? = list.object["notifications"], case .object(let first)? = items.first else {
                Issue.record("unexpected: \(list.text)")
                return
            }
            #expect(first["notification_type"] == .string("SUBSCRIBED"))
            #expect(first["subtype"] == .string("INITIAL_BUY"))
            #expect(first["state"] == .string("pending"))
            #expect(first["url"] == .string(NotificationFixture.v2URL))
            #expect(first["signed_payload"]?.text?.split(separator: ".").count == 3)
            guard case .array(let attempts)? = first["attempts"], case .object(let attempt)? = attempts.first else {
                Issue.record("no attempts: \(list.text)")
                return
            }
            #expect(attempt["http_status"] == .integer(503))
            #expect(first["next_attempt_at_ms"]?.text == String(Fixture.start.adding(milliseconds: 3_600_000).milliseconds))
        }
    }

    @Test func withoutASenderNotificationsWait() async throws {
        let simulator = try AppStoreSimulator(configuration: NotificationFixture.configuration())
        _ = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly")
        await simulator.deliverDueNotifications()
        let notifications = await simulator.notifications()
        #expect(notifications.map(\.version) == [2, 1])
        #expect(notifications.allSatisfy { $0.state == .pending && $0.attempts.isEmpty })
        let sender = RecordingSender()
        await simulator.setNotificationSender(sender)
        await simulator.deliverDueNotifications()
        #expect(sender.posts.count == 2)
    }
}
