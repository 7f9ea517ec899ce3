extension StripeSimulator {
    /// `POST /v1/subscriptions`: customer, items[0][price], items[0][quantity], trial_period_days or
    /// trial_end, metadata, cancel_at_period_end, payment_behavior (`allow_incomplete`, the default, and
    /// `default_incomplete` leave it `incomplete` when the first payment fails; `error_if_incomplete`
    /// answers 402 and creates nothing).
    func createSubscription(_ params: StripeSimulatedParams) throws -> StripeSimulatedJSON {
        guard let customerID = params.string("customer") else { throw StripeSimulatedAPIError.missing("customer") }
        let owner = try customer(customerID)
        let items = params["items"].list
        guard let item = items.first, let priceID = item.string("price") else { throw StripeSimulatedAPIError.missing("items[0][price]") }
        guard items.count == 1 else {
            throw StripeSimulatedAPIError.invalid("The simulator supports one item per subscription.", param: "items")
        }
        let time = now(customer: customerID)
        var trialEnd: Int64?
        if let days = try integer(params, "trial_period_days") {
            guard (0...730).contains(days) else { throw StripeSimulatedAPIError.invalid("Invalid trial_period_days", param: "trial_period_days") }
            trialEnd = days > 0 ? time + days * 86_400 : nil
        }
        if let end = params.string("trial_end"), end != "now" {
            guard let seconds = Int64(end), seconds > time else {
                throw StripeSimulatedAPIError.invalid("Invalid timestamp: must be an integer Unix timestamp in the future.", param: "trial_end")
            }
            trialEnd = seconds
        }
        let behavior = params.string("payment_behavior") ?? "allow_incomplete"
        guard ["allow_incomplete", "default_incomplete", "error_if_incomplete", "pending_if_incomplete"].contains(behavior) else {
            throw StripeSimulatedAPIError.invalid("Invalid payment_behavior", param: "payment_behavior")
        }
        if behavior == "error_if_incomplete", trialEnd == nil, owner.cardOutcome != .succeed { throw StripeSimulatedAPIError.declined() }
        let id = try start(
            customer: customerID, price: priceID, quantity: try integer(item, "quantity", in: "items[0][quantity]") ?? 1,
            trialEnd: trialEnd, metadata: metadata(params), cancelAtPeriodEnd: try boolean(params, "cancel_at_period_end") ?? false
        )
        return try renderSubscription(try subscription(id))
    }

    /// Starts a subscription: `trialing` until `trialEnd` with a $0 paid invoice, or `incomplete` until its
    /// first invoice is paid (then `active`). Returns its id.
    func start(
        customer customerID: String, price priceID: String, quantity: Int64, trialEnd: Int64?, metadata: [String: String],
        cancelAtPeriodEnd: Bool
    ) throws -> String {
        let owner = try customer(customerID)
        let price = try price(priceID)
        guard let interval = price.recurring else {
            throw StripeSimulatedAPIError.invalid("The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.", param: "items[0][price]")
        }
        guard quantity >= 1 else { throw StripeSimulatedAPIError.invalid("Invalid quantity", param: "items[0][quantity]") }
        let time = now(customer: customerID)
        let anchor = trialEnd ?? time
        var subscription = StripeSimulatedSubscription(
            id: StripeSimulatedID.make("sub_"), customer: customerID, itemID: StripeSimulatedID.make("si_"), price: priceID, quantity: quantity,
            status: trialEnd == nil ? "incomplete" : "trialing", created: time, startDate: time, billingCycleAnchor: anchor,
            periodIndex: trialEnd == nil ? 0 : -1, currentPeriodStart: time,
            currentPeriodEnd: trialEnd ?? interval.end(anchor: anchor, periods: 0), metadata: metadata, testClock: owner.testClock
        )
        subscription.trialStart = trialEnd == nil ? nil : time
        subscription.trialEnd = trialEnd
        subscription.cancelAtPeriodEnd = cancelAtPeriodEnd
        subscriptions[subscription.id] = subscription
        register(subscription.id)
        emit("customer.subscription.created", try renderSubscription(subscription), at: time)
        // The first invoice's line covers the trial (free), or else the first billing period, as Stripe's does.
        let amount = trialEnd == nil ? price.unitAmount * quantity : 0
        let (invoiceID, outcome) = bill(
            subscription.id, reason: "subscription_create", amount: amount, periodStart: time, periodEnd: subscription.currentPeriodEnd,
            at: time
        )
        settleSubscription(subscription.id, invoice: invoiceID, outcome: outcome, at: time)
        return subscription.id
    }

    /// The subscription's status after a payment attempt of `invoiceID` ended with `outcome`, and the
    /// `customer.subscription.updated` (or `…deleted`) event when it changed.
    func settleSubscription(_ id: String, invoice invoiceID: String, outcome: StripeSimulatedPaymentOutcome?, at time: Int64) {
        guard let outcome, var subscription = subscriptions[id], let invoice = invoices[invoiceID],
              let before = try? renderSubscription(subscription) else { return }
        let isFirst = invoice.billingReason == "subscription_create"
        switch outcome {
        case .paid:
            if ["incomplete", "past_due", "unpaid"].contains(subscription.status) { subscription.status = "active" }
            if subscription.status == "trialing", subscription.trialEnd.map({ $0 <= time }) ?? true { subscription.status = "active" }
            subscription.incompleteExpiresAt = nil
        case .failed, .actionRequired:
            if isFirst {
                subscription.status = "incomplete"
                subscription.incompleteExpiresAt = invoice.created + 23 * 3_600
            } else if ["active", "trialing"].contains(subscription.status) {
                subscription.status = "past_due"
            }
        }
        subscriptions[id] = subscription
        if let after = try? renderSubscription(subscription) {
            emitUpdate("customer.subscription.updated", before: before, after: after, at: time)
        }
        let exhausted = !isFirst && outcome != .paid && invoice.nextPaymentAttempt == nil
        if exhausted {
            switch failedPaymentAction {
            case .cancel: end(id, reason: "payment_failed", at: time)
            case .unpaid: changeSubscription(id, at: time) { $0.status = "unpaid" }
            }
        }
    }

    /// `GET /v1/subscriptions`: filters customer, price, status (default: every status but canceled and
    /// incomplete_expired; `all` for every one), test_clock.
    func listSubscriptions(_ params: StripeSimulatedParams) throws -> StripeSimulatedJSON {
        let customer = params.string("customer")
        let price = params.string("price")
        let status = params.string("status")
        let clockID = params.string("test_clock")
        let ids = subscriptions.values.filter { subscription in
            let statusMatches = switch status {
            case nil: !["canceled", "incomplete_expired"].contains(subscription.status)
            case "all": true
            case "ended": ["canceled", "incomplete_expired"].contains(subscription.status)
            default: subscription.status == status
            }
            return statusMatches && (customer == nil || subscription.customer == customer) && (price == nil || subscription.price == price)
                && (clockID == nil || subscription.testClock == clockID)
        }.map(\.id)
        return try page(ids, url: "/v1/subscriptions", params: params) { try renderSubscription(try subscription($0)) }
    }
}
