import Foundation
import Hummingbird
import HummingbirdTesting
import PerennialCore
import Testing

/// Google Play end to end against the Play simulator over real HTTP, with no app involvement after the
/// purchase: the simulator's authenticated RTDN pushes drive every change, each one read back from its
/// Developer API. Trial → renewal → payment fails → grace → hold → recovered → user cancel → expired, and a
/// second purchase revoked by the developer.
@Suite("Google Play end to end, against the Play simulator")
struct PlaySimulatorLifecycleTests {
    func subscription(_ harness: TestHarness, _ user: String) async throws -> (state: String?, entitled: Bool, body: JSONObject) {
        let customer = try await harness.customer(user).body
        return (customer["subscriptions"][0]["state"].string, !customer["entitlements"].array.isEmpty, customer["subscriptions"][0])
    }

    @Test func aSubscriptionLivesOnPushesAlone() async throws {
        try await TestHarness.run(withPlay: true) { harness in
            let play = try #require(harness.play)
            let token = try await play.purchase(productID: "pro.monthly", obfuscatedAccountID: "ann", freeTrial: true)
            #expect(try await harness.postGooglePurchase("ann", token: token).status == 200)
            #expect(try await subscription(harness, "ann").state == "trial")

            // The acknowledgement the engine decided, performed with the simulator, well inside its window.
            #expect(try await harness.stack.runner.runOnce())
            await play.tick()
            #expect(await play.pushCounts.waiting == 0, "PURCHASED delivered")

            // The trial converts (3 minutes on Play's test schedule).
            await harness.advance(minutes: 3.5)
            var now = try await subscription(harness, "ann")
            #expect(now.state == "active")
            #expect(now.body["latest_transaction_id"].string?.hasSuffix("..0") == true)

            // Payment fails: grace period (access), then account hold (none), then recovered.
            try await play.setBillingFails(token: token, true)
            await harness.advance(minutes: 5)
            now = try await subscription(harness, "ann")
            #expect(now.state == "grace_period")
            #expect(now.entitled)
            await harness.advance(minutes: 5)
            now = try await subscription(harness, "ann")
            #expect(now.state == "billing_retry")
            #expect(!now.entitled)
            try await play.setBillingFails(token: token, false)
            await harness.advance(minutes: 1)
            now = try await subscription(harness, "ann")
            #expect(now.state == "active")
            #expect(now.entitled)

            // The customer cancels in the Play Store: access to the period's end, then expired.
            await harness.advance(minutes: 1)
            try await play.cancelByUser(token: token)
            await play.tick()
            now = try await subscription(harness, "ann")
            #expect(now.state == "active")
            #expect(now.body["will_renew"].bool == false)
            await harness.advance(minutes: 6)
            now = try await subscription(harness, "ann")
            #expect(now.state == "expired")
            #expect(now.body["expiration_reason"].string == "voluntary")
            #expect(!now.entitled)
            #expect(await play.pushCounts.waiting == 0)
        }
    }

    @Test func aRevocationArrivesByPushAndVoidedPurchases() async throws {
        try await TestHarness.run(withPlay: true) { harness in
            let play = try #require(harness.play)
            let token = try await play.purchase(productID: "pro.monthly", obfuscatedAccountID: "bea")
            #expect(try await harness.postGooglePurchase("bea", token: token).status == 200)
            await play.tick()
            var now = try await subscription(harness, "bea")
            #expect(now.state == "active")
            try await play.revoke(token: token)
            await play.tick()
            now = try await subscription(harness, "bea")
            #expect(now.state == "revoked")
            #expect(!now.entitled)
        }
    }
}
