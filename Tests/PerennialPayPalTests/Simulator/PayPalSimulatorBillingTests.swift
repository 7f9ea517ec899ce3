import Foundation
import PerennialCore
import PerennialPayPal
import PerennialPayPalSimulator
import PerennialTesting
import Testing

/// The simulator bills as PayPal does, read back through Perennial's own client: the first payment at
/// approval, one a month after, failed payments retried five days apart and owed meanwhile, suspension at
/// the plan's threshold, cancellation, free trials.
@Suite struct PayPalSimulatorBillingTests {
    @Test func aSubscriptionIsBilledEachMonthFromApproval() async throws {
        let paypal = PayPalSimulatorFixture()
        let plan = try await paypal.plan()
        let created = try await paypal.call("POST", "/v1/billing/subscriptions", ["plan_id": plan, "custom_id": "paula"])
        #expect(created.status == 201)
        #expect(created.body["status"] as? String == "APPROVAL_PENDING")
        let approve = (created.body["links"] as? [[String: Any]])?.first { $0["rel"] as? String == "approve" }?["href"] as? String
        #expect(approve?.hasPrefix("http://paypal.test/simulator/paypal/approve/I-") == true)

        let id = try #require(created.body["id"] as? String)
        try await paypal.simulator.approve(id)
        let started = try await paypal.client.subscription(id: id)
        #expect(started.status == .active)
        #expect(started.customID == "paula")
        #expect(started.billingInfo?.isInArrears == false)
        #expect(PayPalTime.instant(started.billingInfo?.nextBillingTime)?.date == Calendar.utc.date(byAdding: .month, value: 1, to: PayPalSimulatorFixture.start.date))

        await paypal.advance(days: 31)
        let payments = try await paypal.client.transactions(subscriptionID: id, from: PayPalSimulatorFixture.start, to: paypal.clock.now())
        #expect(payments.map(\.status) == [.completed, .completed])
        #expect(payments.compactMap(\.amountWithBreakdown?.grossAmount?.money?.minorUnits) == [999, 999])
        #expect(paypal.webhooks.bodyField("event_type").isEmpty, "no webhook registered yet")
        #expect(await paypal.simulator.events.map(\.type) == [
            "BILLING.SUBSCRIPTION.CREATED", "BILLING.SUBSCRIPTION.ACTIVATED", "PAYMENT.SALE.COMPLETED", "PAYMENT.SALE.COMPLETED",
        ])
    }

    @Test func aFailedPaymentIsOwedAndRetriedFiveDaysLater() async throws {
        let paypal = PayPalSimulatorFixture()
        let id = try await paypal.subscribe(plan: try await paypal.plan())
        try await paypal.simulator.setDeclineReason("PAYER_CANNOT_PAY", subscription: id)
        await paypal.advance(days: 31)
        let failing = try await paypal.client.subscription(id: id)
        #expect(failing.status == .active, "PayPal keeps it ACTIVE below the threshold")
        #expect(failing.billingInfo?.failedPaymentsCount == 1)
        #expect(failing.billingInfo?.outstandingBalance?.money?.minorUnits == 999)
        #expect(failing.billingInfo?.isInArrears == true)
        let raw = try await paypal.call("GET", "/v1/billing/subscriptions/\(id)")
        let lastFailed = (raw.body["billing_info"] as? [String: Any])?["last_failed_payment"] as? [String: Any]
        #expect(lastFailed?["reason_code"] as? String == "PAYER_CANNOT_PAY")
        #expect(lastFailed?["next_payment_retry_time"] as? String == (raw.body["billing_info"] as? [String: Any])?["next_billing_time"] as? String)

        try await paypal.simulator.setDeclineReason(nil, subscription: id)
        await paypal.advance(days: 5)
        let recovered = try await paypal.client.subscription(id: id)
        #expect(recovered.billingInfo?.isInArrears == false)
        #expect(try await paypal.client.transactions(subscriptionID: id, from: PayPalSimulatorFixture.start, to: paypal.clock.now()).count == 2)
        #expect(await paypal.simulator.events.map(\.type).suffix(2) == ["BILLING.SUBSCRIPTION.PAYMENT.FAILED", "PAYMENT.SALE.COMPLETED"])
    }

    @Test func theThresholdSuspendsUntilTheBalanceIsCaptured() async throws {
        let paypal = PayPalSimulatorFixture()
        let id = try await paypal.subscribe(plan: try await paypal.plan(threshold: 2))
        try await paypal.simulator.setDeclineReason("PAYMENT_DENIED", subscription: id)
        await paypal.advance(days: 31)
        await paypal.advance(days: 5)
        let suspended = try await paypal.client.subscription(id: id)
        #expect(suspended.status == .suspended)
        #expect(suspended.billingInfo?.failedPaymentsCount == 2)
        #expect(try await paypal.call("POST", "/v1/billing/subscriptions/\(id)/activate", ["reason": "back"]).status == 422)

        try await paypal.simulator.setDeclineReason(nil, subscription: id)
        let captured = try await paypal.call("POST", "/v1/billing/subscriptions/\(id)/capture", ["note": "owed", "capture_type": "OUTSTANDING_BALANCE"])
        #expect(captured.status == 202)
        #expect(try await paypal.call("POST", "/v1/billing/subscriptions/\(id)/activate", ["reason": "back"]).status == 204)
        let active = try await paypal.client.subscription(id: id)
        #expect(active.status == .active)
        #expect(active.billingInfo?.isInArrears == false)
        await paypal.advance(days: 5)
        #expect(try await paypal.client.transactions(subscriptionID: id, from: PayPalSimulatorFixture.start, to: paypal.clock.now()).count == 2,
                "the captured period is not charged again at its old retry date")
    }

    @Test func cancellingStopsBillingAndNeedsAReason() async throws {
        let paypal = PayPalSimulatorFixture()
        let id = try await paypal.subscribe(plan: try await paypal.plan())
        #expect(try await paypal.call("POST", "/v1/billing/subscriptions/\(id)/cancel", [:]).status == 400)
        #expect(try await paypal.call("POST", "/v1/billing/subscriptions/\(id)/cancel", ["reason": "too dear"]).status == 204)
        #expect(try await paypal.call("POST", "/v1/billing/subscriptions/\(id)/cancel", ["reason": "again"]).status == 422)
        await paypal.advance(days: 62)
        let cancelled = try await paypal.client.subscription(id: id)
        #expect(cancelled.status == .cancelled)
        #expect(cancelled.statusChangeNote == "too dear")
        #expect(try await paypal.client.transactions(subscriptionID: id, from: PayPalSimulatorFixture.start, to: paypal.clock.now()).count == 1)
    }

    @Test func aFreeTrialTakesNoPaymentUntilItEnds() async throws {
        let paypal = PayPalSimulatorFixture()
        let id = try await paypal.subscribe(plan: try await paypal.plan(trialDays: 7))
        #expect(try await paypal.client.transactions(subscriptionID: id, from: PayPalSimulatorFixture.start, to: paypal.clock.now()).isEmpty)
        await paypal.advance(days: 7)
        let payments = try await paypal.client.transactions(subscriptionID: id, from: PayPalSimulatorFixture.start, to: paypal.clock.now())
        #expect(payments.count == 1)
        #expect(PayPalTime.instant(payments.first?.time) == PayPalSimulatorFixture.start.adding(milliseconds: 7 * 86_400_000))
    }
}

extension Calendar {
    static var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        return calendar
    }
}
