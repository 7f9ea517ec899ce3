import Foundation
import Hummingbird
import HummingbirdTesting
import PerennialCore
import PerennialSimulator
import Testing

/// The changes a Play subscription goes through after its purchase, end to end against the Play simulator,
/// driven by its authenticated RTDN pushes alone: a pause (scheduled, in force without access, resumed by
/// time or by the customer), an upgrade to a new purchase token that leaves one entitlement, an
/// introductory price, a refund Google grants, and Google's outages.
@Suite("Google Play changes, against the Play simulator")
struct PlaySimulatorChangesTests {
    func subscriptions(_ harness: TestHarness, _ user: String) async throws -> (states: [String], entitlements: [String], body: JSONObject) {
        let customer = try await harness.customer(user).body
        return (
            customer["subscriptions"].array.compactMap { $0["state"].string },
            customer["entitlements"].array.compactMap { $0["identifier"].string }, customer
        )
    }

    /// Buys `productID` for `user` as the app does, and lets the acknowledgement run.
    func buy(_ harness: TestHarness, _ user: String, _ productID: String = "pro.monthly", introductory: Bool = false) async throws -> String {
        let play = try #require(harness.play)
        let token = try await play.purchase(productID: productID, obfuscatedAccountID: user, introductoryPrice: introductory)
        #expect(try await harness.postGooglePurchase(user, token: token, productID: productID).status == 200)
        try await harness.runDueJobs()
        await play.tick()
        return token
    }

    func isAcknowledged(_ play: PlaySimulator, _ token: String) async throws -> Bool {
        let body = JSONObject(try JSONSerialization.jsonObject(with: try await play.subscription(token: token)))
        return body["acknowledgementState"].string == "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED"
    }

    @Test func aPauseWithholdsAccessUntilItEnds() async throws {
        try await TestHarness.run(withPlay: true) { harness in
            let play = try #require(harness.play)
            let token = try await buy(harness, "pia")
            try await play.schedulePause(token: token, minutes: 10)
            await play.tick()
            var now = try await subscriptions(harness, "pia")
            #expect(now.states == ["active"], "a scheduled pause starts at the end of the period")
            #expect(now.entitlements == ["pro"])

            await harness.advance(minutes: 5.5)
            now = try await subscriptions(harness, "pia")
            #expect(now.states == ["paused"])
            #expect(now.entitlements.isEmpty)

            // Time resumes it: charged again, a new period.
            await harness.advance(minutes: 10)
            now = try await subscriptions(harness, "pia")
            #expect(now.states == ["active"])
            #expect(now.entitlements == ["pro"])
            #expect(now.body["subscriptions"][0]["latest_transaction_id"].string?.hasSuffix("..0") == true)

            // The customer pauses again, and resumes early from the Play Store.
            try await play.schedulePause(token: token, minutes: 30)
            await harness.advance(minutes: 5)
            #expect(try await subscriptions(harness, "pia").states == ["paused"])
            try await play.resume(token: token)
            await play.tick()
            now = try await subscriptions(harness, "pia")
            #expect(now.states == ["active"])
            #expect(now.body["subscriptions"][0]["latest_transaction_id"].string?.hasSuffix("..1") == true)
            #expect(await play.pushCounts.waiting == 0)
        }
    }

    @Test func anUpgradeIsANewTokenAndOneEntitlement() async throws {
        try await TestHarness.run(withPlay: true) { harness in
            let play = try #require(harness.play)
            let basic = try await buy(harness, "uma", "basic.monthly")
            #expect(try await subscriptions(harness, "uma").entitlements == ["basic"])

            // The upgrade completes on the device; only its RTDN reaches Perennial.
            await harness.advance(minutes: 2)
            let pro = try await play.purchase(productID: "pro.plus.monthly", obfuscatedAccountID: "uma", linkedPurchaseToken: basic)
            await play.tick()
            try await harness.runDueJobs()
            var now = try await subscriptions(harness, "uma")
            #expect(now.states == ["active"], "the chain of tokens is one subscription")
            #expect(Set(now.entitlements) == ["pro", "plus"])
            #expect(now.body["subscriptions"][0]["product_id"].string == "pro.plus.monthly")
            #expect(try await isAcknowledged(play, pro), "the new token is acknowledged too")

            // It renews on its own; still one subscription.
            await harness.advance(minutes: 6)
            now = try await subscriptions(harness, "uma")
            #expect(now.states == ["active"])
            #expect(Set(now.entitlements) == ["pro", "plus"])
            #expect(await play.pushCounts.waiting == 0)
        }
    }

    @Test func aResubscribeFromThePlayStoreContinuesTheSubscription() async throws {
        try await TestHarness.run(withPlay: true) { harness in
            let play = try #require(harness.play)
            let first = try await buy(harness, "ros")
            try await play.cancelByUser(token: first)
            await harness.advance(minutes: 6)
            #expect(try await subscriptions(harness, "ros").states == ["expired"])

            // Outside the app: no account id on the purchase, nobody in the app to acknowledge it.
            let second = try await play.resubscribeFromPlayStore(expiredToken: first)
            await play.tick()
            try await harness.runDueJobs()
            let now = try await subscriptions(harness, "ros")
            #expect(now.states == ["active"], "one subscription, continued")
            #expect(now.entitlements == ["pro"])
            #expect(now.body["subscriptions"][0]["subscription_id"].string == first)
            #expect(try await isAcknowledged(play, second), "Perennial acknowledged it, or Google would refund it")
        }
    }

    @Test func anIntroductoryPriceLastsItsPeriods() async throws {
        try await TestHarness.run(withPlay: true) { harness in
            // pro.yearly: 3 introductory periods of 30 test minutes each.
            _ = try await buy(harness, "ida", "pro.yearly", introductory: true)
            #expect(try await subscriptions(harness, "ida").states == ["introductory"])
            await harness.advance(minutes: 31)
            #expect(try await subscriptions(harness, "ida").states == ["introductory"])
            await harness.advance(minutes: 60)
            let now = try await subscriptions(harness, "ida")
            #expect(now.states == ["active"])
            #expect(now.body["subscriptions"][0]["latest_transaction_id"].string?.hasSuffix("..2") == true)
        }
    }

    @Test func aRefundGoogleGrantsRevokes() async throws {
        try await TestHarness.run(withPlay: true) { harness in
            let play = try #require(harness.play)
            let token = try await buy(harness, "rey")
            try await play.refund(token: token)
            await play.tick()
            let now = try await subscriptions(harness, "rey")
            #expect(now.states == ["revoked"])
            #expect(now.entitlements.isEmpty)
            #expect(await play.pushCounts.waiting == 0)
        }
    }

    @Test func googlesOutagesAreRiddenOut() async throws {
        try await TestHarness.run(withPlay: true) { harness in
            let play = try #require(harness.play)
            // One 503 is retried inside the call.
            try await play.addFault(.httpStatus(503, body: .empty), requests: 1)
            _ = try await buy(harness, "oli")
            #expect(try await subscriptions(harness, "oli").states == ["active"])

            // A three-minute outage: the purchase is taken (202) and completed once Google is back.
            try await play.addFault(.httpStatus(429, body: .empty), seconds: 180)
            let token = try await play.purchase(productID: "pro.monthly", obfuscatedAccountID: "ola")
            #expect(try await harness.postGooglePurchase("ola", token: token).status == 202)
            try await harness.runDueJobs()
            #expect(try await harness.customer("ola").body["subscriptions"].array.isEmpty)
            #expect(try await !isAcknowledged(play, token))
            await harness.advance(minutes: 2)
            #expect(await play.faults().count == 1)
            await harness.advance(minutes: 2)
            #expect(await play.faults().isEmpty)
            try await harness.runDueJobs()
            #expect(try await isAcknowledged(play, token), "acknowledged inside the window, which is 5 minutes here")
            #expect(try await subscriptions(harness, "ola").states == ["active"])
        }
    }
}
