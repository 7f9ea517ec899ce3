import Foundation
import PerennialCore

extension SquareSubscriptionSnapshot {
    /// How far `charged_through_date` may be from a period counted on the calendar and still be taken as its
    /// end (a billing anchor moved by a day or two).
    static let chargedThroughSlack: TimeInterval = 3 * 86_400

    /// One transaction per paid invoice, and the free phase's when the plan starts with one. Translates,
    /// never decides:
    ///
    /// - The transaction id is the invoice's; the product is the plan variation; the period starts on the
    ///   invoice's `sale_or_service_date` (its due date, else when it was made) and lasts one cadence of the
    ///   phase it falls in. The newest paid invoice's period ends at `charged_through_date` when that is
    ///   within three days of it: the date counts only because the invoice behind it is paid.
    /// - The price is what the invoice asked for; an invoice `REFUNDED` is cancelled when Square refunded it,
    ///   one refunded in part keeps its period.
    /// - A free first phase is a transaction of its own (`<subscription id>-trial`, no price): Square sends no
    ///   invoice for it.
    func transactionFacts() -> [TransactionFact] {
        guard let productID = subscription.planVariationID, let plan else { return [] }
        let calendar = calendar
        let start = SquareTime.startOfDay(subscription.startDate, in: calendar) ?? SquareTime.instant(subscription.createdAt)?.date
        var facts: [TransactionFact] = []
        let phases = plan.orderedPhases
        if let trial = phases.first, trial.isFree, phases.count > 1, let start,
           let end = trial.cadence.adding(max(trial.periods ?? 1, 1), to: start, in: calendar) {
            var fact = fact(id: "\(subscription.id)-trial", productID: productID, from: Instant(start), to: Instant(end), start: start)
            fact.isTrialPeriod = true
            facts.append(fact)
        }
        let paid = invoices.filter { $0.subscriptionID == subscription.id && $0.status?.wasPaid == true && ($0.amount?.amount ?? 0) > 0 }
            .compactMap { invoice in periodStart(of: invoice, calendar: calendar).map { (invoice, $0) } }
            .sorted { ($0.1, $0.0.id) < ($1.1, $1.0.id) }
        let chargedThrough = SquareTime.startOfDay(subscription.chargedThroughDate, in: calendar)
        for (index, (invoice, periodStart)) in paid.enumerated() {
            guard let cadence = phase(at: periodStart, phases: phases, start: start, calendar: calendar)?.cadence,
                  var end = cadence.adding(1, to: periodStart, in: calendar) else { continue }
            if index == paid.count - 1, let chargedThrough, abs(chargedThrough.timeIntervalSince(end)) <= Self.chargedThroughSlack {
                end = chargedThrough
            }
            var fact = fact(id: invoice.id, productID: productID, from: Instant(periodStart), to: Instant(end), start: start)
            fact.price = invoice.amount?.money
            if invoice.status == .refunded {
                fact.cancelledAt = refundedAt[invoice.id] ?? SquareTime.instant(invoice.updatedAt) ?? observedAt
            }
            facts.append(fact)
        }
        return facts
    }

    private func periodStart(of invoice: SquareInvoice, calendar: Calendar) -> Date? {
        SquareTime.startOfDay(invoice.saleOrServiceDate, in: calendar) ?? SquareTime.startOfDay(invoice.dueDate, in: calendar)
            ?? SquareTime.instant(invoice.createdAt)?.date
    }

    /// The phase a period starting at `date` falls in: each phase runs its periods after the one before; the
    /// last runs on.
    private func phase(at date: Date, phases: [SquarePhase], start: Date?, calendar: Calendar) -> SquarePhase? {
        guard var phaseStart = start else { return phases.last }
        for phase in phases {
            guard let periods = phase.periods, let end = phase.cadence.adding(periods, to: phaseStart, in: calendar) else { return phase }
            if date < end { return phase }
            phaseStart = end
        }
        return phases.last
    }

    private func fact(id: String, productID: String, from: Instant, to: Instant, start: Date?) -> TransactionFact {
        TransactionFact(
            store: .square, environment: environment, transactionID: id, subscriptionID: subscription.id, productID: productID,
            purchasedAt: from, originalPurchasedAt: start.map(Instant.init) ?? from, expiresAt: to, observedAt: observedAt)
    }
}
