extension StripeSimulator {
    /// Runs what the simulator clock has brought for the objects not on a test clock.
    func catchUp() {
        run(clock: nil, until: simulatorNow)
    }

    /// Runs every action due on `clockID` (nil: the simulator clock) up to `target`, earliest first, each
    /// in the time it was due; a test clock's frozen time follows along.
    func run(clock clockID: String?, until target: Int64) {
        for _ in 0..<100_000 {
            guard let action = nextAction(clock: clockID, until: target) else { break }
            if let clockID, let frozen = testClocks[clockID]?.frozenTime { testClocks[clockID]?.frozenTime = max(frozen, action.time) }
            perform(action)
        }
        if let clockID { testClocks[clockID]?.frozenTime = target }
    }

    private func nextAction(clock clockID: String?, until target: Int64) -> StripeSimulatedDueAction? {
        var best: StripeSimulatedDueAction?
        func consider(_ action: StripeSimulatedDueAction) {
            guard action.time <= target else { return }
            if let current = best, (current.time, current.subscription) <= (action.time, action.subscription) { return }
            best = action
        }
        for subscription in subscriptions.values where subscription.testClock == clockID {
            for action in dueActions(subscription) { consider(action) }
        }
        for invoice in invoices.values where invoice.testClock == clockID && invoice.status == "open" {
            if let next = invoice.nextPaymentAttempt, let subscription = invoice.subscription {
                consider(StripeSimulatedDueAction(time: next, subscription: subscription, kind: .retry(invoice: invoice.id)))
            }
        }
        return best
    }

    private func dueActions(_ subscription: StripeSimulatedSubscription) -> [StripeSimulatedDueAction] {
        let id = subscription.id
        switch subscription.status {
        case "canceled", "incomplete_expired":
            return []
        case "incomplete":
            return subscription.incompleteExpiresAt.map { [StripeSimulatedDueAction(time: $0, subscription: id, kind: .expireIncomplete)] } ?? []
        case "paused":
            return []
        default:
            var actions = [StripeSimulatedDueAction(time: subscription.currentPeriodEnd, subscription: id, kind: .periodEnd)]
            if subscription.status == "trialing", !subscription.trialWillEndSent, let end = subscription.trialEnd {
                actions.append(StripeSimulatedDueAction(time: max(end - 3 * 86_400, subscription.trialStart ?? end), subscription: id, kind: .trialWillEnd))
            }
            if let resumesAt = subscription.pauseCollection?.resumesAt {
                actions.append(StripeSimulatedDueAction(time: resumesAt, subscription: id, kind: .resumeCollection))
            }
            return actions
        }
    }

    private func perform(_ action: StripeSimulatedDueAction) {
        let id = action.subscription
        let time = action.time
        switch action.kind {
        case .expireIncomplete:
            if let invoiceID = subscriptions[id]?.latestInvoice, invoices[invoiceID]?.status == "open" {
                invoices[invoiceID]?.status = "void"
                invoices[invoiceID]?.voidedAt = time
                emitInvoice("invoice.voided", invoiceID, at: time)
            }
            changeSubscription(id, at: time) {
                $0.status = "incomplete_expired"
                $0.endedAt = time
                $0.incompleteExpiresAt = nil
            }
        case .trialWillEnd:
            subscriptions[id]?.trialWillEndSent = true
            if let json = try? renderSubscription(try subscription(id)) { emit("customer.subscription.trial_will_end", json, at: time) }
        case .resumeCollection:
            changeSubscription(id, at: time) { $0.pauseCollection = nil }
        case .periodEnd:
            endPeriod(id, at: time)
        case .retry(let invoiceID):
            let outcome = collect(invoiceID, at: time)
            settleSubscription(id, invoice: invoiceID, outcome: outcome, at: time)
        }
    }

    /// The current period is over: cancel at period end, or start the next period and bill it (a trial
    /// ending turns the subscription `active`, or `past_due` when its first payment fails).
    private func endPeriod(_ id: String, at time: Int64) {
        guard let current = subscriptions[id], let price = prices[current.price], let interval = price.recurring else { return }
        if current.cancelAtPeriodEnd {
            end(id, reason: "cancellation_requested", at: time)
            return
        }
        changeSubscription(id, at: time) { subscription in
            subscription.periodIndex += 1
            subscription.currentPeriodStart = subscription.currentPeriodEnd
            subscription.currentPeriodEnd = interval.end(anchor: subscription.billingCycleAnchor, periods: subscription.periodIndex)
            if subscription.status == "trialing" { subscription.status = "active" }
        }
        guard let renewed = subscriptions[id] else { return }
        let (invoiceID, outcome) = bill(
            id, reason: "subscription_cycle", amount: price.unitAmount * renewed.quantity, periodStart: renewed.currentPeriodStart,
            periodEnd: renewed.currentPeriodEnd, previousStart: current.currentPeriodStart, at: time
        )
        settleSubscription(id, invoice: invoiceID, outcome: outcome, at: time)
    }
}
