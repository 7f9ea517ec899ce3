import PerennialSimulator
import Testing

/// What Perennial spends of Google's quota: a notification reads the purchase once and each new order once,
/// so a renewal costs as many calls after ten years as after one month.
@Suite("Google Play calls per notification")
struct PlayCallsPerNotificationTests {
    /// The calls to Google per notification pushed, over the renewal that ends paid period `n`, for n = 1, 24,
    /// 120 (a monthly subscription renews every five minutes on Play's test schedule).
    @Test func aRenewalCostsTheSameCallsWhateverTheSubscriptionsAge() async throws {
        let counter = OutboundCallCounter()
        try await TestHarness.run(withPlay: true, outboundCalls: counter) { harness in
            let play = try #require(harness.play)
            let token = try await play.purchase(productID: "pro.monthly", obfuscatedAccountID: "ida")
            #expect(try await harness.postGooglePurchase("ida", token: token).status == 200)
            try await harness.runDueJobs()
            await play.tick()
            var perNotification: [Int: Double] = [:]
            for period in 1...120 {
                let calls = await counter.calls["play_store"] ?? 0, pushes = await play.pushCounts.delivered
                await harness.advance(minutes: 5)
                guard [1, 24, 120].contains(period) else { continue }
                let delivered = await play.pushCounts.delivered - pushes
                #expect(delivered > 0)
                perNotification[period] = Double((await counter.calls["play_store"] ?? 0) - calls) / Double(max(1, delivered))
            }
            let subscription = try await harness.customer("ida").body["subscriptions"][0]
            #expect(subscription["state"].string == "active" && subscription["renewal_count"].int == 120, "\(subscription)")
            print("Google Play calls per notification, by paid periods before the renewal: \(perNotification.sorted { $0.key < $1.key })")
            #expect(perNotification[24] == perNotification[1] && perNotification[120] == perNotification[1], "\(perNotification)")
            #expect((perNotification[1] ?? 99) <= 2, "\(perNotification)")
        }
    }
}
