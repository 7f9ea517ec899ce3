import PerennialCore
import PerennialServices
import PerennialSimulator
import Testing

/// Google Play's subscriptions polled like the App Store's (`google.status_polling`): with no RTDN reaching
/// Perennial, a cancellation and then the expiry are learnt by reading each purchase again.
@Suite("Google Play status polling")
struct PlayStatusPollingTests {
    /// Runs the jobs due now (the clock does not move).
    func runDueJobs(_ harness: TestHarness) async throws {
        while try await harness.stack.runner.runOnce() {}
    }

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
            try await runDueJobs(harness)
            let token = try await play.purchase(productID: "pro.monthly", obfuscatedAccountID: "pol")
            #expect(try await harness.postGooglePurchase("pol", token: token).status == 200)
            try await runDueJobs(harness)

            try await play.cancelByUser(token: token)
            await harness.advance(days: 2 / 1_440)
            #expect(try await harness.stack.scheduler.tick() == periodic + 1)
            try await runDueJobs(harness)
            var subscription = try await harness.customer("pol").body["subscriptions"][0]
            #expect(subscription["state"].string == "active")
            #expect(subscription["will_renew"].bool == false)

            // Polled once per interval: a second tick at once asks Google nothing more.
            #expect(try await harness.stack.scheduler.tick() == periodic)
            await harness.advance(days: 4 / 1_440)
            try await harness.stack.scheduler.tick()
            try await runDueJobs(harness)
            subscription = try await harness.customer("pol").body["subscriptions"][0]
            #expect(subscription["state"].string == "expired")
            #expect(subscription["expiration_reason"].string == "voluntary")
            #expect(await play.pushCounts.delivered == 0)
        }
    }
}
