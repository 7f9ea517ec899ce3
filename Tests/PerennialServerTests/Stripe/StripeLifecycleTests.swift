import Foundation
import PerennialSimulator
import Testing

/// The web store end to end: Perennial creates the Checkout Session, the Stripe simulator completes it and
/// runs the subscription on its clock, its signed webhooks reach Perennial, and Perennial reads every state
/// back from the simulator's API.
@Suite("Stripe end to end")
struct StripeLifecycleTests {
    static let anonymous = "$anonymous:5eb5eb5eb5eb5eb5eb5eb5eb5eb5eb5e"

    @Test func checkoutTrialRenewalFailedCardRecoveryAndCancellation() async throws {
        try await TestHarness.run(withStripe: true) { harness in
            let stripe = try #require(harness.stripe)
            let subscriptionID = try await harness.buyOnTheWeb(appUserID: Self.anonymous)

            // Checkout completed: a seven-day trial (the app's checkout.trial_days, a first-time subscriber).
            var web = try await harness.webSubscription(Self.anonymous)
            #expect(web["subscription_id"].string == subscriptionID)
            #expect(web["state"].string == "trial")
            #expect(web["management_url"].isNull, "Stripe's portal links are made on request")
            #expect(try await harness.customer(Self.anonymous).body["entitlements"][0]["identifier"].string == "pro")

            // The same person logs in on iOS: the web entitlement is theirs there too.
            let login = try await AppUserIDRouteTests.request(
                harness, .post, "/v1/customers/\(AppUserIDRouteTests.segment(Self.anonymous))/login", json: ["new_app_user_id": "carol"])
            #expect(login.status == 200 && login.body["merged"].bool == true)
            let carol = try await harness.customer("carol").body
            #expect(carol["entitlements"][0]["store"].string == "stripe")

            // The trial converts, then the subscription renews.
            try await harness.advanceStripe(pastPeriodEndOf: subscriptionID, days: 0.1)
            web = try await harness.webSubscription("carol")
            #expect(web["state"].string == "active", "\(web)")
            try await harness.advanceStripe(pastPeriodEndOf: subscriptionID, days: 0.1)
            web = try await harness.webSubscription("carol")
            #expect(web["state"].string == "active")
            #expect(web["renewal_count"].int == 2, "\(web)")

            // The card fails at the next renewal: past_due, with access while Stripe retries (past_due_access: grace).
            let customerID = try #require(try await harness.stripeCall("GET", "/v1/subscriptions/\(subscriptionID)")["customer"]?.string)
            try await stripe.setCardOutcome(customer: customerID, .fail)
            try await harness.advanceStripe(pastPeriodEndOf: subscriptionID, days: 0.5)
            web = try await harness.webSubscription("carol")
            #expect(web["state"].string == "grace_period", "\(web)")
            #expect(try await harness.customer("carol").body["entitlements"].array.count == 1)

            // The card works again at the next retry: recovered.
            try await stripe.setCardOutcome(customer: customerID, .succeed)
            await harness.advanceStripe(days: 3)
            web = try await harness.webSubscription("carol")
            #expect(web["state"].string == "active", "\(web)")
            let events = try await harness.eventTypes("carol")
            #expect(events.contains("billing_issue") && events.contains("billing_recovered"), "\(events)")

            // Cancelled at the period's end: still active, not renewing, then expired for a voluntary reason.
            try await harness.stripeCall("POST", "/v1/subscriptions/\(subscriptionID)", [("cancel_at_period_end", "true")])
            await harness.deliverStripeWebhooks()
            web = try await harness.webSubscription("carol")
            #expect(web["state"].string == "active" && web["will_renew"].bool == false, "\(web)")
            try await harness.advanceStripe(pastPeriodEndOf: subscriptionID, days: 0.1)
            web = try await harness.webSubscription("carol")
            #expect(web["state"].string == "expired" && web["expiration_reason"].string == "voluntary", "\(web)")
            #expect(try await harness.customer("carol").body["entitlements"].array.isEmpty)
        }
    }

    @Test func aRefundRevokesAndAnImmediateCancellationExpires() async throws {
        try await TestHarness.run(withStripe: true) { harness in
            let refunded = try await harness.buyOnTheWeb(appUserID: "dave")
            try await harness.advanceStripe(pastPeriodEndOf: refunded, days: 0.1)
            #expect(try await harness.webSubscription("dave")["state"].string == "active")
            let customerID = try #require(try await harness.stripeCall("GET", "/v1/subscriptions/\(refunded)")["customer"]?.string)
            let charges = try await harness.stripeCall("GET", "/v1/charges", [("customer", customerID)])
            let charge = try #require(charges["data"]?.array?.first?["id"]?.string)
            try await harness.stripeCall("POST", "/v1/refunds", [("charge", charge)])
            await harness.deliverStripeWebhooks()
            let web = try await harness.webSubscription("dave")
            #expect(web["state"].string == "revoked" && web["revocation_reason"].string == "refund", "\(web)")

            // Erin, a new customer, cancels at once, in the middle of her first paid period.
            let cancelled = try await harness.buyOnTheWeb(appUserID: "erin")
            await harness.advanceStripe(days: 10)
            try await harness.stripeCall("DELETE", "/v1/subscriptions/\(cancelled)")
            await harness.deliverStripeWebhooks()
            let erin = try await harness.webSubscription("erin")
            #expect(erin["state"].string == "expired" && erin["expiration_reason"].string == "voluntary", "\(erin)")
            #expect(try await harness.customer("erin").body["entitlements"].array.isEmpty)
        }
    }

    @Test func aSecondWebPurchaseInTheGroupStartsWithoutATrial() async throws {
        try await TestHarness.run(withStripe: true) { harness in
            _ = try await harness.buyOnTheWeb(appUserID: "frank")
            #expect(try await harness.webSubscription("frank")["state"].string == "trial")
            let second = try await harness.buyOnTheWeb(appUserID: "frank")
            let subscription = try await harness.stripeCall("GET", "/v1/subscriptions/\(second)")
            #expect(subscription["status"]?.string == "active", "no second trial in the group")
            let unknown = try await AppUserIDRouteTests.request(
                harness, .post, "/v1/stripe/checkout-sessions", json: ["app_user_id": "frank", "product_id": "price_unknown"])
            #expect(unknown.status == 404 && unknown.body["error"]["code"].string == "product_not_found", "\(unknown.body)")
        }
    }

    /// A web purchase with no trial is paid at once and lasts its first billing period: Stripe's first
    /// invoice line covers that period (the simulator once billed a zero-length line, expired at once).
    @Test func aWebPurchaseWithoutATrialIsActiveForItsFirstPeriod() async throws {
        try await TestHarness.run(withStripe: true, configureStripe: { $0.checkout?.trialDays = nil }) { harness in
            let subscriptionID = try await harness.buyOnTheWeb(appUserID: "gina")
            let invoices = try await harness.stripeCall("GET", "/v1/invoices", [("subscription", subscriptionID)])
            let line = try #require(invoices["data"]?.array?.first?["lines"]?["data"]?.array?.first)
            let start = try #require(line["period"]?["start"]?.int), end = try #require(line["period"]?["end"]?.int)
            #expect((28 * 86_400...31 * 86_400).contains(end - start), "the first line covers a month: \(start)…\(end)")
            var web = try await harness.webSubscription("gina")
            #expect(web["state"].string == "active", "\(web)")
            #expect(web["period_type"].string != "trial", "\(web)")
            let entitlements = try await harness.customer("gina").body["entitlements"].array
            #expect(entitlements.map { $0["identifier"].string } == ["pro"])
            await harness.advanceStripe(days: 20)
            web = try await harness.webSubscription("gina")
            #expect(web["state"].string == "active", "still in its first month: \(web)")
        }
    }
}
