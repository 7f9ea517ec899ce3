import Foundation
import PerennialCore

/// A subscription as the simulator keeps it: where it is in its plan's cycles, when it bills next, and how
/// its payments have gone.
struct PayPalSimulatedSubscription: Sendable {
    var id: String
    var planID: String
    var customID: String?
    var subscriberEmail: String
    var status: String
    var statusChangeNote: String?
    var statusUpdated: Instant
    var created: Instant
    var started: Instant?
    /// The plan's cycle being billed (an index into its ordered cycles), and how many of its periods were billed.
    var cycleIndex = 0
    var cyclesCompleted: [Int: Int] = [:]
    /// When the current period is billed; a failed payment's retry moves it, the period's own date stays in
    /// `periodBillingTime`.
    var nextBilling: Instant?
    var periodBillingTime: Instant?
    /// Attempts to collect the current period's payment (PayPal tries three times, five days apart).
    var attemptsThisPeriod = 0
    var failedPaymentsCount = 0
    var outstanding: Int64 = 0
    var lastPayment: (amount: PayPalSimulatedMoney, time: Instant)?
    var lastFailedPayment: (amount: PayPalSimulatedMoney, time: Instant, reason: String, retry: Instant?)?
    /// What the payer's funding does at the next payments: nil collects, a reason code declines.
    var declineReason: String?

    var isBillable: Bool { status == "ACTIVE" }

    func json(plan: PayPalSimulatedPlan?, base: String) -> [String: Any] {
        var object: [String: Any] = [
            "id": id, "plan_id": planID, "status": status, "status_update_time": statusUpdated.payPalText, "quantity": "1",
            "create_time": created.payPalText, "update_time": statusUpdated.payPalText, "plan_overridden": false,
            "subscriber": [
                "email_address": subscriberEmail, "payer_id": "PAYER" + String(id.dropFirst(2)),
                "name": ["given_name": "Simulated", "surname": "Payer"],
            ],
        ]
        if let customID { object["custom_id"] = customID }
        if let statusChangeNote { object["status_change_note"] = statusChangeNote }
        if let started { object["start_time"] = started.payPalText }
        var links: [[String: Any]] = [["href": "\(base)/v1/billing/subscriptions/\(id)", "rel": "self", "method": "GET"]]
        if status == "APPROVAL_PENDING" {
            links.insert(["href": "\(base)/simulator/paypal/approve/\(id)", "rel": "approve", "method": "GET"], at: 0)
        } else if let plan {
            object["billing_info"] = billingInfo(plan: plan)
        }
        object["links"] = links
        return object
    }

    private func billingInfo(plan: PayPalSimulatedPlan) -> [String: Any] {
        let currency = plan.cycles.compactMap(\.price).first?.currency ?? "USD"
        var info: [String: Any] = [
            "outstanding_balance": PayPalSimulatedMoney(minorUnits: outstanding, currency: currency).json,
            "failed_payments_count": failedPaymentsCount,
            "cycle_executions": plan.cycles.map { cycle -> [String: Any] in
                let done = cyclesCompleted[cycle.sequence] ?? 0
                return [
                    "tenure_type": cycle.isTrial ? "TRIAL" : "REGULAR", "sequence": cycle.sequence, "cycles_completed": done,
                    "cycles_remaining": cycle.totalCycles == 0 ? 0 : max(cycle.totalCycles - done, 0),
                    "current_pricing_scheme_version": 1, "total_cycles": cycle.totalCycles,
                ]
            },
        ]
        if let nextBilling, status == "ACTIVE" || status == "SUSPENDED" { info["next_billing_time"] = nextBilling.payPalText }
        if let lastPayment { info["last_payment"] = ["amount": lastPayment.amount.json, "time": lastPayment.time.payPalText] }
        if let failed = lastFailedPayment {
            var object: [String: Any] = ["amount": failed.amount.json, "time": failed.time.payPalText, "reason_code": failed.reason]
            if let retry = failed.retry { object["next_payment_retry_time"] = retry.payPalText }
            info["last_failed_payment"] = object
        }
        return info
    }
}
