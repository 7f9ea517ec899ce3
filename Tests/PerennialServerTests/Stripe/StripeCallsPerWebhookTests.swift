import PerennialSimulator
import Testing

/// What Perennial spends of Stripe's rate limits: a webhook reads the subscription, the invoices new since
/// the recorded ones and the invoice it was about, so a renewal costs as many calls after ten years as after
/// one month (reading the whole history cost two more calls for every period paid).
@Suite("Stripe calls per webhook")
struct StripeCallsPerWebhookTests {
    /// The calls to Stripe per webhook delivered, over the renewal that ends paid period `n`, for n = 2, 24, 120
    /// (no trial: the first period is paid). Not n = 1: under a loaded full run, the checkout's own work may
    /// still be calling Stripe while the first renewal's webhooks arrive, and would be counted with them.
    @Test func aRenewalCostsTheSameCallsWhateverTheSubscriptionsAge() async throws {
        let counter = OutboundCallCounter()
        try await TestHarness.run(withStripe: true, configureStripe: { $0.checkout?.trialDays = nil }, outboundCalls: counter) { harness in
            let stripe = try #require(harness.stripe)
            let subscriptionID = try await harness.buyOnTheWeb(appUserID: "ida")
            var perWebhook: [Int: Double] = [:]
            for period in 1...120 {
                let subscription = try await harness.stripeCall("GET", "/v1/subscriptions/\(subscriptionID)")
                let end = try #require(subscription["items"]?["data"]?.array?.first?["current_period_end"]?.int)
                let calls = await counter.calls["stripe"] ?? 0, webhooks = await stripe.webhookAttempts().count
                await harness.advanceStripe(days: (Double(end * 1000 - harness.clock.now().milliseconds) / 1000 + 3_600) / 86_400)
                guard [2, 24, 120].contains(period) else { continue }
                let delivered = await stripe.webhookAttempts().count - webhooks
                #expect(delivered > 0)
                perWebhook[period] = Double((await counter.calls["stripe"] ?? 0) - calls) / Double(max(1, delivered))
            }
            let web = try await harness.webSubscription("ida")
            #expect(web["state"].string == "active" && web["renewal_count"].int == 120, "\(web)")
            print("Stripe calls per webhook, by paid periods before the renewal: \(perWebhook.sorted { $0.key < $1.key })")
            #expect(perWebhook[24] == perWebhook[2] && perWebhook[120] == perWebhook[2], "\(perWebhook)")
            #expect((perWebhook[2] ?? 99) <= 6, "\(perWebhook)")
        }
    }
}
