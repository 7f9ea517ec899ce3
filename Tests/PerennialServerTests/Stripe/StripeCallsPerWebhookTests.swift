import PerennialSimulator
import Testing

/// What Perennial spends of Stripe's rate limits: a webhook reads the subscription, the invoices new since
/// the recorded ones and the invoice it was about, so a renewal costs as many calls after ten years as after
/// one month (reading the whole history cost two more calls for every period paid).
@Suite("Stripe calls per webhook")
struct StripeCallsPerWebhookTests {
    /// The calls to Stripe per webhook delivered over a renewal, at three ages: the renewals that end paid
    /// periods 6–8, 24–26 and 118–120 (no trial: the first period is paid), each age's cheapest. Background
    /// work of a loaded full run (the checkout's own calls, a status poll) can only add calls to a window,
    /// never take them away, so the cheapest renewal of each age is what a renewal costs at that age (a
    /// single window compared once failed twice under load: 6 calls a webhook against 5.17).
    @Test func aRenewalCostsTheSameCallsWhateverTheSubscriptionsAge() async throws {
        let counter = OutboundCallCounter()
        // The young age starts at the sixth renewal: in a loaded full run the second to fourth each cost 6 calls
        // (later ones 5.17), the checkout's own background work still landing in their windows (2026-11-29).
        let ages = [6: [6, 7, 8], 24: [24, 25, 26], 120: [118, 119, 120]]
        let measured = Set(ages.values.flatMap { $0 })
        try await TestHarness.run(withStripe: true, configureStripe: { $0.checkout?.trialDays = nil }, outboundCalls: counter) { harness in
            let stripe = try #require(harness.stripe)
            let subscriptionID = try await harness.buyOnTheWeb(appUserID: "ida")
            var perWebhook: [Int: Double] = [:]
            for period in 1...120 {
                let subscription = try await harness.stripeCall("GET", "/v1/subscriptions/\(subscriptionID)")
                let end = try #require(subscription["items"]?["data"]?.array?.first?["current_period_end"]?.int)
                let calls = await counter.calls["stripe"] ?? 0, webhooks = await stripe.webhookAttempts().count
                await harness.advanceStripe(days: (Double(end * 1000 - harness.clock.now().milliseconds) / 1000 + 3_600) / 86_400)
                guard measured.contains(period) else { continue }
                let delivered = await stripe.webhookAttempts().count - webhooks
                #expect(delivered > 0)
                perWebhook[period] = Double((await counter.calls["stripe"] ?? 0) - calls) / Double(max(1, delivered))
            }
            let web = try await harness.webSubscription("ida")
            #expect(web["state"].string == "active" && web["renewal_count"].int == 120, "\(web)")
            let cheapest = ages.mapValues { periods in periods.compactMap { perWebhook[$0] }.min() ?? 99 }
            print("Stripe calls per webhook, by paid periods before the renewal: \(perWebhook.sorted { $0.key < $1.key })")
            #expect(cheapest[24] == cheapest[6] && cheapest[120] == cheapest[6], "\(perWebhook)")
            #expect((cheapest[6] ?? 99) <= 6, "\(perWebhook)")
        }
    }
}
