import Foundation
import PerennialCore
import Testing

/// RTDN pulled from a Pub/Sub subscription — the real emulator — reach the same states as pushes, and each
/// message is acknowledged once stored.
@Suite("Google Play notifications pulled from Pub/Sub (the emulator)")
struct PubSubPullTests {
    @Test(.enabled(if: PubSubEmulator.launcher != nil, "the Cloud SDK's Pub/Sub emulator is not installed here"), .timeLimit(.minutes(3)))
    func pulledNotificationsReachTheSameStatesAsPushes() async throws {
        let emulator = try await PubSubEmulator()
        defer { emulator.stop() }
        try await TestHarness.run(
            withPlay: true, playPull: (emulator.subscription, emulator.base), playPushSender: PubSubPublishSender(emulator: emulator)
        ) { harness in
            let play = try #require(harness.play)
            let token = try await play.purchase(productID: "pro.monthly", obfuscatedAccountID: "ann")
            #expect(try await harness.postGooglePurchase("ann", token: token).status == 200)
            #expect(try await harness.stack.runner.runOnce(), "the acknowledgement")

            /// Moves the clock, publishes what it brought, and runs the pull the scheduler queues.
            func advance(minutes: Double) async throws -> String? {
                await harness.advance(days: minutes / 1_440)
                await play.tick()
                try await harness.stack.scheduler.tick()
                for _ in 0..<10 where try await harness.stack.runner.runOnce() {}
                return try await harness.customer("ann").body["subscriptions"][0]["state"].string
            }

            // The first renewal (a period is 5 minutes on Play's test schedule), then a failed one: grace, hold.
            #expect(try await advance(minutes: 5.5) == "active")
            try await play.setBillingFails(token: token, true)
            #expect(try await advance(minutes: 5) == "grace_period")
            #expect(try await advance(minutes: 5) == "billing_retry")
            try await play.setBillingFails(token: token, false)
            #expect(try await advance(minutes: 1) == "active")
            let latest = try await harness.customer("ann").body["subscriptions"][0]["latest_transaction_id"].string
            #expect(latest?.hasSuffix("..1") == true, "the recovery's renewal")
            #expect(try await emulator.waiting() == 0, "every pulled message was acknowledged")
            #expect(await play.pushCounts.waiting == 0)
        }
    }
}
