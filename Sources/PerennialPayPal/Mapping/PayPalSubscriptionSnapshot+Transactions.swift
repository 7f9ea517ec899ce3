import Foundation
import PerennialCore

extension PayPalSubscriptionSnapshot {
    /// One transaction per payment collected, oldest first, and the free trial's when the plan starts with
    /// one. Translates, never decides:
    ///
    /// - The transaction id is the sale's; the product is the subscription's plan (catalog products of
    ///   PayPal are named by their plan ids); it was bought when paid, for one regular cycle. The latest
    ///   payment's period ends at PayPal's `next_billing_time` when it is within three days of that, and
    ///   nothing is owed (owing, `next_billing_time` is the next retry, not the end of what was paid).
    /// - The price is the gross amount, in ISO minor units.
    /// - A sale `REFUNDED` in full is cancelled when PayPal refunded it (or when it was read); one refunded
    ///   in part keeps its period.
    /// - A free trial is a transaction of its own (`<subscription id>-trial`, no price) from the start for the
    ///   trial's cycles: PayPal records no payment for it.
    /// How far PayPal's next billing time may be from a cycle counted on the calendar and still be taken
    /// as its end (billing times of day, a schedule shifted by a trial).
    static let billingDateSlack: Int64 = 3 * 86_400_000

    func transactionFacts() -> [TransactionFact] {
        guard let productID = subscription.planID else { return [] }
        let start = PayPalTime.instant(subscription.startTime)
        var facts: [TransactionFact] = []
        if let trial = plan?.freeTrial, let start, let end = Self.adding(trial.frequency, times: max(trial.totalCycles ?? 1, 1), to: start) {
            var fact = fact(id: "\(subscription.id)-trial", productID: productID, paidAt: start, expiresAt: end, start: start)
            fact.isTrialPeriod = true
            facts.append(fact)
        }
        let paid = transactions.filter(\.status.wasCollected)
            .compactMap { transaction in PayPalTime.instant(transaction.time).map { (transaction, $0) } }
            .sorted { ($0.1, $0.0.id) < ($1.1, $1.0.id) }
        let nextBilling = PayPalTime.instant(subscription.billingInfo?.nextBillingTime)
        let inArrears = subscription.billingInfo?.isInArrears ?? false
        for (index, (transaction, paidAt)) in paid.enumerated() {
            guard let cycleEnd = plan?.regularCycle.flatMap({ Self.adding($0.frequency, times: 1, to: paidAt) }) else { continue }
            var end = cycleEnd
            if index == paid.count - 1, !inArrears, let nextBilling, abs(nextBilling.milliseconds - cycleEnd.milliseconds) <= Self.billingDateSlack {
                end = nextBilling
            }
            var fact = fact(id: transaction.id, productID: productID, paidAt: paidAt, expiresAt: end, start: start)
            fact.price = transaction.amountWithBreakdown?.grossAmount?.money
            if transaction.status == .refunded {
                fact.cancelledAt = refundedAt[transaction.id] ?? observedAt
            }
            facts.append(fact)
        }
        return facts
    }

    private func fact(id: String, productID: String, paidAt: Instant, expiresAt: Instant, start: Instant?) -> TransactionFact {
        TransactionFact(
            store: .payPal, environment: environment, transactionID: id, subscriptionID: subscription.id, productID: productID,
            purchasedAt: paidAt, originalPurchasedAt: start ?? paidAt, expiresAt: expiresAt, observedAt: observedAt
        )
    }

    /// `instant` moved `times` of `frequency` later on the UTC calendar (a month from January 31 is the end
    /// of February); nil for a unit PayPal does not define or a count out of range.
    public static func adding(_ frequency: PayPalFrequency, times: Int, to instant: Instant) -> Instant? {
        let count = (frequency.intervalCount ?? 1) * times
        guard (1...10_000).contains(count) else { return nil }
        let component: Calendar.Component
        switch frequency.intervalUnit {
        case "DAY": component = .day
        case "WEEK": component = .weekOfYear
        case "MONTH": component = .month
        case "YEAR": component = .year
        default: return nil
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0)!
        return calendar.date(byAdding: component, value: count, to: instant.date).map(Instant.init)
    }
}
