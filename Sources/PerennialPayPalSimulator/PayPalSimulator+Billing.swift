import PerennialCore

extension PayPalSimulator {
    /// Days between attempts to collect a failed payment, and attempts per period: PayPal retries every five
    /// days, twice.
    static let retryDays = 5
    static let attemptsPerPeriod = 3

    /// The buyer approves at the approve link: the subscription starts and its first period is billed now (a
    /// free trial's costs nothing). A declined first payment leaves it waiting for approval.
    public func approve(_ id: String) throws(PayPalSimulatedError) {
        guard var subscription = subscriptions[id], let plan = plans[subscription.planID] else { throw .notFound(id) }
        guard subscription.status == "APPROVAL_PENDING" else {
            throw .unprocessable("SUBSCRIPTION_STATUS_INVALID", "a \(subscription.status) subscription cannot be approved")
        }
        let now = clock.now()
        if let reason = subscription.declineReason, plan.cycles.first?.price.map({ $0.minorUnits > 0 }) == true {
            throw .unprocessable("PAYER_CANNOT_PAY", "the payer's funding declined the first payment (\(reason))")
        }
        subscription.setStatus("ACTIVE", note: nil, at: now)
        subscription.started = now
        subscription.nextBilling = now
        subscription.periodBillingTime = now
        subscriptions[id] = subscription
        emit("BILLING.SUBSCRIPTION.ACTIVATED", subscription: id)
        billDue()
    }

    /// What the payer's funding does from now on: collect (nil) or decline with a PayPal reason code.
    public func setDeclineReason(_ reason: String?, subscription id: String) throws(PayPalSimulatedError) {
        guard subscriptions[id] != nil else { throw .notFound(id) }
        subscriptions[id]?.declineReason = reason
    }

    /// Bills every active subscription whose payment is due, as many periods as the clock has passed.
    func billDue() {
        let now = clock.now()
        for id in subscriptions.keys.sorted() {
            var rounds = 0
            while rounds < 1_000, let subscription = subscriptions[id], subscription.isBillable,
                  let due = subscription.nextBilling, due <= now, let plan = plans[subscription.planID] {
                rounds += 1
                var changed = subscription
                bill(&changed, plan: plan, at: due)
                subscriptions[id] = changed
            }
        }
    }

    /// One attempt at the current period's payment, made at `time`.
    private func bill(_ subscription: inout PayPalSimulatedSubscription, plan: PayPalSimulatedPlan, at time: Instant) {
        guard subscription.cycleIndex < plan.cycles.count else {
            subscription.setStatus("EXPIRED", note: nil, at: time)
            subscription.nextBilling = nil
            emit("BILLING.SUBSCRIPTION.EXPIRED", subscription: subscription.id)
            return
        }
        let cycle = plan.cycles[subscription.cycleIndex]
        let period = subscription.periodBillingTime ?? time
        let price = cycle.price ?? PayPalSimulatedMoney(minorUnits: 0, currency: plan.cycles.compactMap(\.price).first?.currency ?? "USD")
        // Owed from earlier periods (a retry's own price is already in the balance).
        let earlier = subscription.outstanding - (subscription.attemptsThisPeriod > 0 ? price.minorUnits : 0)
        let amount = PayPalSimulatedMoney(minorUnits: price.minorUnits + (plan.autoBillOutstanding ? earlier : 0), currency: price.currency)
        if amount.minorUnits == 0 || subscription.declineReason == nil {
            if amount.minorUnits > 0 {
                _ = collect(amount, from: &subscription)
                subscription.outstanding = plan.autoBillOutstanding ? 0 : earlier
            }
            advance(&subscription, plan: plan, from: period)
            return
        }
        subscription.attemptsThisPeriod += 1
        subscription.failedPaymentsCount += 1
        if subscription.attemptsThisPeriod == 1 { subscription.outstanding += price.minorUnits }
        let retry = subscription.attemptsThisPeriod < Self.attemptsPerPeriod ? time.adding(days: Self.retryDays) : nil
        subscription.lastFailedPayment = (amount, time, subscription.declineReason ?? "PAYMENT_DENIED", retry)
        emit("BILLING.SUBSCRIPTION.PAYMENT.FAILED", subscription: subscription.id)
        if plan.paymentFailureThreshold > 0, subscription.failedPaymentsCount >= plan.paymentFailureThreshold {
            subscription.setStatus("SUSPENDED", note: "Payment failure threshold reached", at: time)
            subscription.nextBilling = retry ?? cycle.after(period)
            emit("BILLING.SUBSCRIPTION.SUSPENDED", subscription: subscription.id)
        } else if let retry {
            subscription.nextBilling = retry
        } else {
            advance(&subscription, plan: plan, from: period)
        }
    }

    /// Moves on to the next period once this one was paid or given up on; into the next cycle when this
    /// one has run its count.
    func advance(_ subscription: inout PayPalSimulatedSubscription, plan: PayPalSimulatedPlan, from period: Instant) {
        let cycle = plan.cycles[subscription.cycleIndex]
        subscription.cyclesCompleted[cycle.sequence, default: 0] += 1
        subscription.attemptsThisPeriod = 0
        let next = cycle.after(period)
        if cycle.totalCycles > 0, subscription.cyclesCompleted[cycle.sequence, default: 0] >= cycle.totalCycles {
            subscription.cycleIndex += 1
        }
        subscription.nextBilling = next
        subscription.periodBillingTime = next
        if subscription.lastFailedPayment != nil, subscription.outstanding > 0 {
            subscription.lastFailedPayment?.retry = nil
        }
    }
}
