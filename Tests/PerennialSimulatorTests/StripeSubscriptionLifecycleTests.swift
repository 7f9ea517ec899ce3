import Foundation
import PerennialSimulator
import Testing

/// Subscriptions through time on a test clock: trials, renewals, failed payments and their retries,
/// cancellation at period end, first payments that fail.
@Suite struct StripeSubscriptionLifecycleTests {
    static let day: Int64 = 86_400
    let t0 = StripeFixture.start

    @Test func trialConvertsThenRenews() async throws {
        let fixture = await StripeFixture()
        let price = try await fixture.monthlyPrice(999)
        let (clock, customer) = try await fixture.clockedCustomer()
        let created = try await fixture.ok("POST", "/v1/subscriptions", [
            ("customer", customer), ("items[0][price]", price), ("trial_period_days", "7"), ("metadata[app_user_id]", "u1"),
            ("expand[]", "latest_invoice"),
        ])
        let id = try #require(created["id"]?.string)
        #expect(created["status"]?.string == "trialing")
        #expect(created["trial_end"]?.int == t0 + 7 * Self.day)
        #expect(created["metadata"]?["app_user_id"]?.string == "u1")
        #expect(created["items"]?["data"]?.array?.first?["current_period_end"]?.int == t0 + 7 * Self.day)
        #expect(created["current_period_end"] == nil)
        let trialInvoice = try #require(created["latest_invoice"])
        #expect(trialInvoice["amount_due"]?.int == 0)
        #expect(trialInvoice["status"]?.string == "paid")
        #expect(trialInvoice["billing_reason"]?.string == "subscription_create")
        #expect(trialInvoice["parent"]?["subscription_details"]?["subscription"]?.string == id)

        try await fixture.advance(clock, to: t0 + 7 * Self.day + 3_600)
        let converted = try await fixture.ok("GET", "/v1/subscriptions/\(id)")
        #expect(converted["status"]?.string == "active")
        #expect(converted["items"]?["data"]?.array?.first?["current_period_start"]?.int == t0 + 7 * Self.day)
        #expect(converted["items"]?["data"]?.array?.first?["current_period_end"]?.int == t0 + 38 * Self.day)
        let invoiceID = try #require(converted["latest_invoice"]?.string)
        let invoice = try await fixture.ok("GET", "/v1/invoices/\(invoiceID)")
        #expect(invoice["status"]?.string == "paid")
        #expect(invoice["amount_paid"]?.int == 999)
        #expect(invoice["billing_reason"]?.string == "subscription_cycle")
        #expect(invoice["status_transitions"]?["paid_at"]?.int == t0 + 7 * Self.day)
        let line = invoice["lines"]?["data"]?.array?.first
        #expect(line?["period"]?["end"]?.int == t0 + 38 * Self.day)
        #expect(line?["pricing"]?["price_details"]?["price"]?.string == price)

        let payments = try await fixture.ok("GET", "/v1/invoice_payments", [("invoice", invoiceID)])
        let payment = try #require(payments["data"]?.array?.first)
        #expect(payment["status"]?.string == "paid")
        #expect(payment["amount_paid"]?.int == 999)
        let intent = try #require(payment["payment"]?["payment_intent"]?.string)
        let charges = try await fixture.ok("GET", "/v1/charges", [("payment_intent", intent)])
        #expect(charges["data"]?.array?.first?["status"]?.string == "succeeded")

        try await fixture.advance(clock, to: t0 + 38 * Self.day + 60)
        let invoices = try await fixture.ok("GET", "/v1/invoices", [("subscription", id)])
        #expect(invoices["data"]?.array?.count == 3)
        let types = await fixture.eventTypes()
        #expect(types.contains("customer.subscription.trial_will_end"))
        #expect(types.filter { $0 == "invoice.paid" }.count == 3)
        #expect(types.filter { $0 == "charge.succeeded" }.count == 2)
    }

    @Test func failedRenewalIsRetriedAndRecovers() async throws {
        let fixture = await StripeFixture()
        let (clock, customer, id) = try await activeSubscription(fixture)
        try await fixture.stripe.setCardOutcome(customer: customer, .fail)
        let renewal = t0 + 31 * Self.day
        try await fixture.advance(clock, to: renewal + 3_600)
        var subscription = try await fixture.ok("GET", "/v1/subscriptions/\(id)", [("expand[]", "latest_invoice")])
        #expect(subscription["status"]?.string == "past_due")
        #expect(subscription["latest_invoice"]?["status"]?.string == "open")
        #expect(subscription["latest_invoice"]?["attempt_count"]?.int == 1)
        #expect(subscription["latest_invoice"]?["next_payment_attempt"]?.int == renewal + 3 * Self.day)

        try await fixture.advance(clock, to: renewal + 3 * Self.day + 60)
        subscription = try await fixture.ok("GET", "/v1/subscriptions/\(id)", [("expand[]", "latest_invoice")])
        #expect(subscription["latest_invoice"]?["attempt_count"]?.int == 2)
        #expect(subscription["latest_invoice"]?["next_payment_attempt"]?.int == renewal + 5 * Self.day)

        try await fixture.stripe.setCardOutcome(customer: customer, .succeed)
        try await fixture.advance(clock, to: renewal + 5 * Self.day + 60)
        subscription = try await fixture.ok("GET", "/v1/subscriptions/\(id)", [("expand[]", "latest_invoice")])
        #expect(subscription["status"]?.string == "active")
        #expect(subscription["latest_invoice"]?["status"]?.string == "paid")
        #expect(subscription["latest_invoice"]?["attempt_count"]?.int == 3)
        let types = await fixture.eventTypes()
        #expect(types.filter { $0 == "invoice.payment_failed" }.count == 2)
        #expect(types.filter { $0 == "charge.failed" }.count == 2)
    }

    @Test(arguments: [StripeSimulatedFailedPaymentAction.cancel, .unpaid])
    func lastRetryFailingEndsAsConfigured(action: StripeSimulatedFailedPaymentAction) async throws {
        let fixture = await StripeFixture(failedPaymentAction: action)
        let (clock, customer, id) = try await activeSubscription(fixture)
        try await fixture.stripe.setCardOutcome(customer: customer, .fail)
        let renewal = t0 + 31 * Self.day
        try await fixture.advance(clock, to: renewal + 6 * Self.day)
        #expect(try await fixture.ok("GET", "/v1/subscriptions/\(id)")["status"]?.string == "past_due")
        try await fixture.advance(clock, to: renewal + 7 * Self.day + 60)
        let subscription = try await fixture.ok("GET", "/v1/subscriptions/\(id)", [("expand[]", "latest_invoice")])
        #expect(subscription["latest_invoice"]?["attempt_count"]?.int == 4)
        #expect(subscription["latest_invoice"]?["next_payment_attempt"]?.isNull == true)
        switch action {
        case .cancel:
            #expect(subscription["status"]?.string == "canceled")
            #expect(subscription["cancellation_details"]?["reason"]?.string == "payment_failed")
            #expect(subscription["ended_at"]?.int == renewal + 7 * Self.day)
            let types = await fixture.eventTypes()
            #expect(types.contains("customer.subscription.deleted"))
        case .unpaid:
            #expect(subscription["status"]?.string == "unpaid")
        }
    }

    @Test func cancelAtPeriodEndEndsAtThePeriodEnd() async throws {
        let fixture = await StripeFixture()
        let (clock, _, id) = try await activeSubscription(fixture)
        let updated = try await fixture.ok("POST", "/v1/subscriptions/\(id)", [("cancel_at_period_end", "true")])
        #expect(updated["status"]?.string == "active")
        #expect(updated["cancel_at_period_end"]?.bool == true)
        #expect(updated["cancel_at"]?.int == t0 + 31 * Self.day)
        try await fixture.advance(clock, to: t0 + 31 * Self.day + 1)
        let ended = try await fixture.ok("GET", "/v1/subscriptions/\(id)")
        #expect(ended["status"]?.string == "canceled")
        #expect(ended["ended_at"]?.int == t0 + 31 * Self.day)
        #expect(ended["cancellation_details"]?["reason"]?.string == "cancellation_requested")
        let invoices = try await fixture.ok("GET", "/v1/invoices", [("subscription", id)])
        #expect(invoices["data"]?.array?.count == 1)
        let update = try #require(await fixture.stripe.recordedEvents().first {
            $0.type == "customer.subscription.updated" && $0.previousAttributes?["cancel_at_period_end"] != nil
        })
        #expect(update.previousAttributes?["cancel_at_period_end"]?.bool == false)
        #expect(update.object["cancel_at_period_end"]?.bool == true)
    }

    @Test func deleteCancelsNow() async throws {
        let fixture = await StripeFixture()
        let (_, _, id) = try await activeSubscription(fixture)
        let canceled = try await fixture.ok("DELETE", "/v1/subscriptions/\(id)")
        #expect(canceled["status"]?.string == "canceled")
        #expect(canceled["canceled_at"]?.int == t0)
        #expect(canceled["cancellation_details"]?["reason"]?.string == "cancellation_requested")
        let listed = try await fixture.ok("GET", "/v1/subscriptions", [("status", "canceled")])
        #expect(listed["data"]?.array?.first?["id"]?.string == id)
    }

    @Test func firstPaymentFailingLeavesItIncompleteThenExpired() async throws {
        let fixture = await StripeFixture()
        let price = try await fixture.monthlyPrice()
        let (clock, customer) = try await fixture.clockedCustomer()
        try await fixture.stripe.setCardOutcome(customer: customer, .fail)
        let refused = await fixture.call("POST", "/v1/subscriptions", [
            ("customer", customer), ("items[0][price]", price), ("payment_behavior", "error_if_incomplete"),
        ])
        #expect(refused.status == 402)
        #expect(refused.json["error"]?["type"]?.string == "card_error")
        #expect(refused.json["error"]?["code"]?.string == "card_declined")
        let created = try await fixture.ok("POST", "/v1/subscriptions", [("customer", customer), ("items[0][price]", price)])
        #expect(created["status"]?.string == "incomplete")
        let id = try #require(created["id"]?.string)
        try await fixture.advance(clock, to: t0 + 24 * 3_600)
        let expired = try await fixture.ok("GET", "/v1/subscriptions/\(id)", [("expand[]", "latest_invoice")])
        #expect(expired["status"]?.string == "incomplete_expired")
        #expect(expired["latest_invoice"]?["status"]?.string == "void")
    }

    @Test func requiresActionAsksForAuthentication() async throws {
        let fixture = await StripeFixture()
        let (clock, customer, id) = try await activeSubscription(fixture)
        try await fixture.stripe.setCardOutcome(customer: customer, .requiresAction)
        try await fixture.advance(clock, to: t0 + 31 * Self.day + 60)
        let subscription = try await fixture.ok("GET", "/v1/subscriptions/\(id)", [("expand[]", "latest_invoice")])
        #expect(subscription["status"]?.string == "past_due")
        #expect(await fixture.eventTypes().contains("invoice.payment_action_required"))
    }

    /// A subscription paid at t0 on a test clock, monthly at 999: (clock, customer, subscription).
    func activeSubscription(_ fixture: StripeFixture) async throws -> (String, String, String) {
        let price = try await fixture.monthlyPrice(999)
        let (clock, customer) = try await fixture.clockedCustomer()
        let created = try await fixture.ok("POST", "/v1/subscriptions", [("customer", customer), ("items[0][price]", price)])
        #expect(created["status"]?.string == "active")
        return (clock, customer, try #require(created["id"]?.string))
    }
}
