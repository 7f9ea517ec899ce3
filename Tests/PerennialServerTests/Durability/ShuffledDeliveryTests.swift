import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import PerennialCore
import PerennialServer
import PerennialServices
import PerennialSimulator
import PerennialTesting
import PropertyBased
import Testing

/// At-least-once delivery in any order has exactly-once effect: a random lifecycle played in the simulator,
/// its notifications and the app's transaction delivered shuffled, duplicated and interleaved with status
/// polls, leaves the customer with the same subscriptions and the same events as in-order delivery.
@Suite("Shuffled delivery")
struct ShuffledDeliveryTests {
    /// One step of a lifecycle after the purchase.
    enum Step: CaseIterable {
        case renew, autoRenewOff, autoRenewOn, billingFailure, recovery, refund, upgrade
    }

    @Test func shuffledDuplicatedAndPolledDeliveryEqualsInOrderDelivery() async {
        await propertyCheck(count: 40, input: Gen.int(in: 0...1_000_000)) { seed in
            do {
                try await check(seed: UInt64(seed))
            } catch {
                Issue.record("seed \(seed): \(error)")
            }
        }
    }

    @Test func aLateRenewalDoesNotReactivateARefundedSubscription() async throws {
        try await TestHarness.run(notificationVersions: [2], serverAPIKey: P256.Signing.PrivateKey()) { harness in
            let recorder = RecordingNotificationSender()
            await harness.simulator.setNotificationSender(recorder)
            let purchase = try await harness.simulator.purchase(account: "late", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            let summary = try await harness.simulator.subscription(originalTransactionID: purchase.originalTransactionID)
            await harness.advanceTo(summary.expiresAt, plusDays: 0.1)
            _ = try await harness.simulator.refund(originalTransactionID: purchase.originalTransactionID)
            await harness.simulator.deliverDueNotifications()
            let bodies = await recorder.bodies
            #expect(try await harness.postTransaction(try #require(purchase.signedTransactionInfo), appUserID: "late").status == 200)
            // The refund arrives first, the renewal (DID_RENEW) after it.
            #expect(bodies.count >= 3)
            for body in bodies.reversed() { #expect(try await Self.deliver(body, to: harness.client) == 200) }
            let subscription = try await harness.customer("late").body["subscriptions"][0]
            #expect(subscription["state"].string == "revoked")
            #expect(try await harness.customer("late").body["entitlements"].array.isEmpty)
        }
    }

    @Test func twoRenewalStatesOfOneMillisecondEndTheSameInEitherOrder() async throws {
        try await TestHarness.run(notificationVersions: [2], serverAPIKey: P256.Signing.PrivateKey()) { harness in
            let recorder = RecordingNotificationSender()
            await harness.simulator.setNotificationSender(recorder)
            let purchase = try await harness.simulator.purchase(account: "tie", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            _ = await harness.simulator.advanceClock(by: .seconds(60))
            let id = purchase.originalTransactionID
            // Off, then on again, in the same simulated millisecond: two renewal states signed at one instant.
            _ = try await harness.simulator.setAutoRenew(originalTransactionID: id, enabled: false)
            _ = try await harness.simulator.setAutoRenew(originalTransactionID: id, enabled: true)
            await harness.simulator.deliverDueNotifications()
            let notifications = (await recorder.bodies).map(Delivery.notification)
            #expect(notifications.count >= 2)
            let transaction = Delivery.transaction(try #require(purchase.signedTransactionInfo))
            let forward = try await outcome(of: [transaction] + notifications, harness: harness)
            let backward = try await outcome(of: [transaction] + notifications.reversed(), harness: harness)
            #expect(forward.subscriptions == backward.subscriptions)
            #expect(Set(forward.events) == Set(backward.events))
        }
    }

    /// Records a lifecycle chosen by `seed`, then delivers it to two fresh Perennials: in order, and
    /// shuffled with duplicates and polls; both must end the same.
    func check(seed: UInt64) async throws {
        try await TestHarness.run(notificationVersions: [2], serverAPIKey: P256.Signing.PrivateKey()) { harness in
            var random = SplitMix64(state: seed)
            let recorder = RecordingNotificationSender()
            await harness.simulator.setNotificationSender(recorder)
            let purchase = try await harness.simulator.purchase(account: "p\(seed)", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            _ = await harness.simulator.advanceClock(by: .seconds(60))
            for _ in 0..<Int.random(in: 2...6, using: &random) {
                try await play(Step.allCases.randomElement(using: &random)!, purchase.originalTransactionID, harness)
                // Changes a minute apart, or in the same millisecond: two renewal states signed at one instant
                // must still end the same whatever order they arrive in.
                if Bool.random(using: &random) { _ = await harness.simulator.advanceClock(by: .seconds(60)) }
            }
            await harness.simulator.deliverDueNotifications()
            let inOrder: [Delivery] = [.transaction(try #require(purchase.signedTransactionInfo))] + (await recorder.bodies).map(Delivery.notification)
            var shuffled = inOrder + inOrder.filter { _ in Bool.random(using: &random) } + [.poll, .poll]
            shuffled.shuffle(using: &random)

            let expected = try await outcome(of: inOrder + [.poll], harness: harness)
            let actual = try await outcome(of: shuffled, harness: harness)
            #expect(!expected.subscriptions.isEmpty && expected.subscriptions != "[]")
            #expect(actual.subscriptions == expected.subscriptions, "seed \(seed)")
            #expect(Set(actual.events) == Set(expected.events), "seed \(seed)")
            #expect(actual.events.count == expected.events.count, "no event doubled, seed \(seed)")
        }
    }

    func play(_ step: Step, _ id: String, _ harness: TestHarness) async throws {
        let simulator = harness.simulator
        let summary = try await simulator.subscription(originalTransactionID: id)
        switch step {
        case .renew: await harness.advanceTo(summary.expiresAt, plusDays: 0.1)
        case .autoRenewOff: _ = try? await simulator.setAutoRenew(originalTransactionID: id, enabled: false)
        case .autoRenewOn: _ = try? await simulator.setAutoRenew(originalTransactionID: id, enabled: true)
        case .billingFailure:
            _ = try? await simulator.setBillingFailing(originalTransactionID: id, failing: true)
            await harness.advanceTo(summary.expiresAt, plusDays: 0.1)
        case .recovery: _ = try? await simulator.setBillingFailing(originalTransactionID: id, failing: false)
        case .refund: _ = try? await simulator.refund(originalTransactionID: id)
        case .upgrade: _ = try? await simulator.changeProduct(originalTransactionID: id, to: "pro.plus.monthly")
        }
    }
}
