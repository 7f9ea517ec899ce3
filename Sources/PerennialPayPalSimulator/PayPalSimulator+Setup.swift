import Foundation
import PerennialCore

extension PayPalSimulator {
    /// A product and a plan written in advance (for a Perennial catalog that names the plan): `price` (e.g.
    /// `"9.99"`) every `intervalCount` `intervalUnit`s, after a free trial of `trialDays` when given,
    /// suspending after `failureThreshold` failed payments (0: never); its id is `id` when given (`P-…`).
    /// Answers the plan's id.
    public func makePlan(
        id: String? = nil, name: String, price: String, currency: String = "USD", intervalUnit: String = "MONTH", intervalCount: Int = 1, trialDays: Int? = nil,
        failureThreshold: Int = 0
    ) throws(PayPalSimulatedError) -> String {
        guard let money = PayPalSimulatedMoney(["currency_code": currency, "value": price]) else {
            throw .invalid("INVALID_PARAMETER_VALUE", "price must be an amount such as 9.99 and currency a code such as USD")
        }
        guard PayPalSimulatedCycle.units.contains(intervalUnit), (1...365).contains(intervalCount), (0...999).contains(failureThreshold),
              (1...365).contains(trialDays ?? 1) else {
            throw .invalid("INVALID_PARAMETER_VALUE", "interval_unit must be DAY, WEEK, MONTH or YEAR, trial_days 1 to 365")
        }
        if let id, Self.acceptableID(id) == nil || plans[id] != nil {
            throw .invalid("INVALID_PARAMETER_VALUE", "id must be 6 to 50 letters, digits, - or _, and not a plan's already")
        }
        let productID = nextID("PROD-", length: 17)
        let now = clock.now()
        products[productID] = ["id": productID, "name": name, "type": "SERVICE", "create_time": now.payPalText, "update_time": now.payPalText]
        var cycles = [PayPalSimulatedCycle(sequence: 1, isTrial: false, intervalUnit: intervalUnit, intervalCount: intervalCount, totalCycles: 0, price: money)]
        if let trialDays {
            cycles = [PayPalSimulatedCycle(sequence: 1, isTrial: true, intervalUnit: "DAY", intervalCount: trialDays, totalCycles: 1, price: nil)]
                + cycles.map { var cycle = $0; cycle.sequence = 2; return cycle }
        }
        let plan = PayPalSimulatedPlan(
            id: id ?? nextID("P-", length: 24), productID: productID, name: name, status: "ACTIVE", cycles: cycles, autoBillOutstanding: true,
            paymentFailureThreshold: failureThreshold, created: now)
        plans[plan.id] = plan
        return plan.id
    }

    /// A subscription to `planID` for `customID` (Perennial's app user id), approved by its buyer: the first
    /// period is billed and the webhooks due are delivered. Answers its id.
    public func subscribe(planID: String, customID: String?) async throws(PayPalSimulatedError) -> String {
        guard let plan = plans[planID] else { throw .notFound(planID) }
        let now = clock.now()
        let subscription = PayPalSimulatedSubscription(
            id: nextID("I-", length: 12), planID: plan.id, customID: customID, subscriberEmail: "buyer@example.com", status: "APPROVAL_PENDING",
            statusUpdated: now, created: now)
        subscriptions[subscription.id] = subscription
        emit("BILLING.SUBSCRIPTION.CREATED", subscription: subscription.id)
        try approve(subscription.id)
        await deliverDue()
        return subscription.id
    }
}
