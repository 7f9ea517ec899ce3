import Foundation
import PerennialCore
import PerennialSquare

extension SquareSimulator {
    /// Applies the actions due and bills every period due, for every subscription, up to the clock.
    func billDue() {
        let now = clock.now().date
        for id in subscriptions.keys.sorted() {
            var rounds = 0
            while rounds < 1_000, var subscription = subscriptions[id], let step = nextStep(of: subscription, at: now) {
                rounds += 1
                apply(step, to: &subscription)
                subscriptions[id] = subscription
            }
        }
    }

    enum Step {
        case start, action(Int), bill
    }

    /// What happens next to `subscription` by `now`: its start, the earliest action due (before a period
    /// billed on the same day), or a period to bill.
    func nextStep(of subscription: SquareSimulatedSubscription, at now: Date) -> Step? {
        if subscription.status == .pending { return subscription.start <= now ? .start : nil }
        if let index = subscription.actions.indices.min(by: { subscription.actions[$0].effective < subscription.actions[$1].effective }),
           subscription.actions[index].effective <= now, subscription.actions[index].effective <= subscription.nextBilling
            || subscription.status != .active {
            return .action(index)
        }
        return subscription.status == .active && subscription.nextBilling <= now ? .bill : nil
    }

    private func apply(_ step: Step, to subscription: inout SquareSimulatedSubscription) {
        switch step {
        case .start:
            subscription.status = .active
            emit("subscription.updated", subscription: subscription)
        case .action(let index):
            let action = subscription.actions.remove(at: index)
            switch action.type {
            case "CANCEL": subscription.status = .canceled
            case "PAUSE": subscription.status = .paused
            default:
                subscription.status = .active
                subscription.nextBilling = max(subscription.nextBilling, action.effective)
            }
            subscription.version += 1
            emit("subscription.updated", subscription: subscription)
        case .bill:
            bill(&subscription)
        }
    }

    /// Bills the period starting at `nextBilling`: an invoice (none for a free phase), charged to the card on
    /// file or emailed; either way the subscription stays ACTIVE and is invoiced through the period's end.
    private func bill(_ subscription: inout SquareSimulatedSubscription) {
        let phases = phases(of: subscription.planVariationID)
        guard subscription.phaseIndex < phases.count else {
            subscription.status = .completed
            emit("subscription.updated", subscription: subscription)
            return
        }
        let phase = phases[subscription.phaseIndex]
        let periodStart = subscription.nextBilling
        let end = phase.cadence.adding(1, to: periodStart, in: subscription.calendar) ?? periodStart.addingTimeInterval(86_400)
        if let price = phase.price?.money, price.minorUnits > 0 {
            issueInvoice(for: &subscription, amount: price, periodStart: periodStart)
        }
        subscription.chargedThrough = end
        subscription.nextBilling = end
        subscription.periodsInPhase += 1
        if let periods = phase.periods, subscription.periodsInPhase >= periods {
            subscription.phaseIndex += 1
            subscription.periodsInPhase = 0
        }
        subscription.version += 1
    }

    private func issueInvoice(for subscription: inout SquareSimulatedSubscription, amount: Money, periodStart: Date) {
        invoiceCount += 1
        let now = clock.now()
        var invoice = SquareSimulatedInvoice(
            id: "inv:0-" + nextID(), subscriptionID: subscription.id, locationID: subscription.locationID, customerID: subscription.customerID,
            cardID: subscription.cardID, amount: amount.minorUnits, currency: amount.currency,
            periodStart: Self.dayText(periodStart, in: subscription.calendar), status: .unpaid, number: invoiceCount,
            timezone: subscription.calendar.timeZone.identifier, created: now, updated: now)
        subscription.invoiceIDs.insert(invoice.id, at: 0)
        emit("invoice.created", invoice: invoice)
        if let cardID = subscription.cardID, let card = cards[cardID] {
            if card.declines {
                invoices[invoice.id] = invoice
                emit("invoice.scheduled_charge_failed", invoice: invoice)
                return
            }
            invoice.status = .paid
            invoice.paymentID = nextID()
            invoices[invoice.id] = invoice
            emit("invoice.payment_made", invoice: invoice)
        } else {
            invoices[invoice.id] = invoice
            emit("invoice.published", invoice: invoice)
        }
    }
}
