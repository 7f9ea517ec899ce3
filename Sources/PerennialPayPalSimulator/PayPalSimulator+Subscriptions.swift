import Foundation
import PerennialCore
import PerennialSimulatorKit

extension PayPalSimulator {
    /// `POST /v1/billing/subscriptions` (`{plan_id, custom_id?, subscriber?}`): APPROVAL_PENDING, with the
    /// link the buyer approves at.
    func createSubscription(_ request: SimulatedRequest) throws(PayPalSimulatedError) -> SimulatedResponse {
        guard let body = request.jsonObject, let planID = body["plan_id"] as? String else {
            throw .invalid("MISSING_REQUIRED_PARAMETER", "plan_id is required")
        }
        guard let plan = plans[planID], plan.status == "ACTIVE" else { throw .unprocessable("INVALID_PARAMETER_VALUE", "plan \(planID) is not an active plan") }
        let customID = body["custom_id"] as? String
        guard (customID?.utf8.count ?? 0) <= 127 else { throw .invalid("INVALID_STRING_MAX_LENGTH", "custom_id is longer than 127") }
        let email = ((body["subscriber"] as? [String: Any])?["email_address"] as? String).flatMap { $0.count <= 254 ? $0 : nil }
        let now = clock.now()
        let subscription = PayPalSimulatedSubscription(
            id: nextID("I-", length: 12), planID: plan.id, customID: customID, subscriberEmail: email ?? "buyer@example.com",
            status: "APPROVAL_PENDING", statusUpdated: now, created: now)
        subscriptions[subscription.id] = subscription
        emit("BILLING.SUBSCRIPTION.CREATED", subscription: subscription.id)
        return .json(201, subscription.json(plan: plan, base: base))
    }

    /// `GET /v1/billing/subscriptions/{id}`.
    func subscription(_ id: String) throws(PayPalSimulatedError) -> SimulatedResponse {
        guard let subscription = subscriptions[id] else { throw .notFound(id) }
        return .json(200, subscription.json(plan: plans[subscription.planID], base: base))
    }

    /// `GET /v1/billing/subscriptions/{id}/transactions?start_time&end_time` (both required).
    func transactions(_ id: String, query: [String: String]) throws(PayPalSimulatedError) -> SimulatedResponse {
        guard let subscription = subscriptions[id] else { throw .notFound(id) }
        guard let start = query["start_time"].flatMap(Self.instant), let end = query["end_time"].flatMap(Self.instant), start <= end else {
            throw .invalid("MISSING_REQUIRED_PARAMETER", "start_time and end_time are required RFC 3339 times")
        }
        let listed = sales.values.filter { $0.subscriptionID == id && $0.time >= start && $0.time <= end }
            .sorted { ($0.time, $0.id) < ($1.time, $1.id) }
        return .json(200, [
            "transactions": listed.map { $0.transactionJSON(email: subscription.subscriberEmail) }, "total_items": listed.count, "total_pages": 1,
            "links": [] as [Any],
        ])
    }

    /// `POST /v1/billing/subscriptions/{id}/cancel|suspend|activate|capture`.
    func changeSubscription(_ id: String, action: String, _ request: SimulatedRequest) throws(PayPalSimulatedError) -> SimulatedResponse {
        guard var subscription = subscriptions[id], let plan = plans[subscription.planID] else { throw .notFound(id) }
        let reason = request.jsonObject?["reason"] as? String
        let now = clock.now()
        switch action {
        case "cancel":
            guard reason?.isEmpty == false else { throw .invalid("MISSING_REQUIRED_PARAMETER", "reason is required") }
            guard ["ACTIVE", "SUSPENDED"].contains(subscription.status) else {
                throw .unprocessable("SUBSCRIPTION_STATUS_INVALID", "a \(subscription.status) subscription cannot be cancelled")
            }
            subscription.setStatus("CANCELLED", note: reason, at: now)
            subscription.nextBilling = nil
            subscriptions[id] = subscription
            emit("BILLING.SUBSCRIPTION.CANCELLED", subscription: id)
        case "suspend":
            guard subscription.status == "ACTIVE" else {
                throw .unprocessable("SUBSCRIPTION_STATUS_INVALID", "a \(subscription.status) subscription cannot be suspended")
            }
            subscription.setStatus("SUSPENDED", note: reason, at: now)
            subscriptions[id] = subscription
            emit("BILLING.SUBSCRIPTION.SUSPENDED", subscription: id)
        case "activate":
            guard subscription.status == "SUSPENDED" else {
                throw .unprocessable("SUBSCRIPTION_STATUS_INVALID", "a \(subscription.status) subscription cannot be activated")
            }
            guard plan.paymentFailureThreshold == 0 || subscription.failedPaymentsCount < plan.paymentFailureThreshold else {
                throw .unprocessable("SUBSCRIPTION_CANNOT_BE_ACTIVATED", "the payment failure threshold was reached; capture the outstanding balance first")
            }
            subscription.setStatus("ACTIVE", note: reason, at: now)
            if let due = subscription.nextBilling, due < now { subscription.nextBilling = now }
            subscriptions[id] = subscription
            emit("BILLING.SUBSCRIPTION.ACTIVATED", subscription: id)
        case "capture":
            return try captureOutstanding(id)
        default:
            throw .notFound(request.path)
        }
        return .noContent
    }

    /// `POST …/capture`: collects what is owed now; a success clears the failures, as PayPal's does.
    private func captureOutstanding(_ id: String) throws(PayPalSimulatedError) -> SimulatedResponse {
        guard var subscription = subscriptions[id], let plan = plans[subscription.planID] else { throw .notFound(id) }
        let currency = plan.cycles.compactMap(\.price).first?.currency ?? "USD"
        guard subscription.outstanding > 0 else { throw .unprocessable("ZERO_OUTSTANDING_BALANCE", "nothing is owed") }
        if let reason = subscription.declineReason { throw .unprocessable("PAYMENT_DENIED", "the payer's funding declined (\(reason))") }
        let sale = collect(PayPalSimulatedMoney(minorUnits: subscription.outstanding, currency: currency), from: &subscription)
        subscription.outstanding = 0
        // Collected while retrying: the period is paid, and its retries stop.
        if subscription.attemptsThisPeriod > 0, let period = subscription.periodBillingTime {
            advance(&subscription, plan: plan, from: period)
        }
        subscriptions[id] = subscription
        return .json(202, [
            "id": sale.id, "status": "COMPLETED", "amount_with_breakdown": ["gross_amount": sale.amount.json], "time": sale.time.payPalText,
        ])
    }

    /// Records a payment collected now: a sale, the failures cleared (PayPal counts failures in a row), its
    /// event sent. The caller settles the balance.
    func collect(_ amount: PayPalSimulatedMoney, from subscription: inout PayPalSimulatedSubscription) -> PayPalSimulatedSale {
        let sale = PayPalSimulatedSale(id: nextID("", length: 17), subscriptionID: subscription.id, amount: amount, time: clock.now())
        sales[sale.id] = sale
        subscription.lastPayment = (amount, sale.time)
        subscription.failedPaymentsCount = 0
        subscription.lastFailedPayment = nil
        emit("PAYMENT.SALE.COMPLETED", resourceType: "sale", resource: sale.eventJSON(base: base))
        return sale
    }

    /// An RFC 3339 time of a query.
    static func instant(_ text: String) -> Instant? {
        guard text.utf8.count <= 64 else { return nil }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle()) { return Instant(date) }
        return (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))).map(Instant.init)
    }
}

extension PayPalSimulatedSubscription {
    mutating func setStatus(_ status: String, note: String?, at instant: Instant) {
        self.status = status
        statusChangeNote = note.map { String($0.prefix(128)) }
        statusUpdated = instant
    }
}
