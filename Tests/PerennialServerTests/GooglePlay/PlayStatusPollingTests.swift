import PerennialCore
import PerennialServices
import PerennialSimulator
import Testing

/// Google Play's subscriptions polled like the App Store's (`google.status_polling`): with no RTDN reaching
/// Perennial, a cancellation is learnt by reading the purchase again (the expiry that follows needs no read:
/// the engine knows when the period ends).
@Suite("Google Play status polling")
struct PlayStatusPollingTests {
    @Test func aCancellationAndAnExpiryAreLearntWithoutNotifications() async throws {
        try await TestHarness.run(withPlay: true, configureGoogle: { google in
            google.statusPolling = StatusPollingSettings(
                criteria: PollCriteria(interval: .seconds(60), lookahead: .seconds(3_600), recentlyEnded: .seconds(3_600)),
                requestsPerSecond: 5
            )
        }) { harness in
            let play = try #require(harness.play)
            await play.setPush(nil, sender: nil)
            // What each tick enqueues besides polls (the voided-purchase sweep).
            let periodic = try await harness.stack.scheduler.tick()
            try await harness.runDueJobs()
            let token = try await play.purchase(productID: "pro.monthly", obfuscatedAccountID: "pol")
            #expect(try await harness.postGooglePurchase("pol", token: token).status == 200)
            try await harness.runDueJobs()

            try await play.cancelByUser(token: token)
            await harness.advance(days: 2 / 1_440)
            #expect(try await harness.stack.scheduler.tick() == periodic + 1)
            try await harness.runDueJobs()
            var subscription = try await harness.customer("pol").body["subscriptions"][0]
            #expect(subscription["state"].string == "active")
            #expect(subscription["will_renew"].bool == false)

            // Polled once per interval: a second tick at once asks Google nothing more.
            #expect(try await harness.stack.scheduler.tick() == periodic)
            await harness.advance(days: 4 / 1_440)
            try await harness.stack.scheduler.tick()
            try await harness.runDueJobs()
            subscription = try await harness.customer("pol").body["subscriptions"][0]
            #expect(subscription["state"].string == "expired")
            #expect(subscription["expiration_reason"].string == "voluntary")
            #expect(await play.pushCounts.delivered == 0)
        }
    }
}
