extension StripeSimulator {
    /// `POST /v1/subscriptions/{id}`: cancel_at_period_end, items[0][price] (with or without
    /// items[0][id]) and items[0][quantity], metadata, pause_collection[behavior|resumes_at] (empty to
    /// clear). A new price takes effect at once on the item and is billed from the next period: the
    /// simulator does not prorate (Stripe's `proration_behavior=none`).
    func updateSubscription(_ id: String, _ params: StripeSimulatedParams) throws -> StripeSimulatedJSON {
        let current = try subscription(id)
        guard !["canceled", "incomplete_expired"].contains(current.status) else {
            throw StripeSimulatedAPIError.invalid("A canceled subscription can only update its cancellation_details and metadata.", param: nil)
        }
        var updated = current
        if let cancel = try boolean(params, "cancel_at_period_end") {
            updated.cancelAtPeriodEnd = cancel
            if !cancel { updated.canceledAt = nil }
            if cancel { updated.canceledAt = now(customer: current.customer) }
        }
        if let item = params["items"].list.first {
            if let itemID = item.string("id"), itemID != current.itemID {
                throw StripeSimulatedAPIError.noSuch("subscription_item", itemID, param: "items[0][id]")
            }
            if let priceID = item.string("price") {
                guard try price(priceID).recurring != nil else {
                    throw StripeSimulatedAPIError.invalid("The price must be recurring.", param: "items[0][price]")
                }
                updated.price = priceID
            }
            if let quantity = try integer(item, "quantity", in: "items[0][quantity]") {
                guard quantity >= 1 else { throw StripeSimulatedAPIError.invalid("Invalid quantity", param: "items[0][quantity]") }
                updated.quantity = quantity
            }
        }
        updated.metadata = metadata(params, merging: current.metadata)
        if params.string("pause_collection") == "" {
            updated.pauseCollection = nil
        } else if !params["pause_collection"].isEmpty {
            let behavior = params["pause_collection"].string("behavior") ?? ""
            guard ["keep_as_draft", "mark_uncollectible", "void"].contains(behavior) else {
                throw StripeSimulatedAPIError.invalid("Invalid pause_collection[behavior]", param: "pause_collection[behavior]")
            }
            updated.pauseCollection = StripeSimulatedSubscription.PauseCollection(
                behavior: behavior, resumesAt: try integer(params["pause_collection"], "resumes_at", in: "pause_collection[resumes_at]")
            )
        }
        changeSubscription(id, at: now(customer: current.customer)) { $0 = updated }
        return try renderSubscription(try subscription(id))
    }

    /// `DELETE /v1/subscriptions/{id}`: ends it now (`cancellation_requested`).
    func cancelSubscription(_ id: String, _ params: StripeSimulatedParams) throws -> StripeSimulatedJSON {
        let current = try subscription(id)
        guard current.status != "canceled" else {
            throw StripeSimulatedAPIError.invalid("No such subscription: '\(id)'; a similar object exists but it has been canceled.", code: "resource_missing")
        }
        end(id, reason: "cancellation_requested", at: now(customer: current.customer))
        return try renderSubscription(try subscription(id))
    }

    /// `POST /v1/subscriptions/{id}/pause`: status `paused`; no periods pass and nothing is billed until it
    /// is resumed.
    func pauseSubscription(_ id: String, _ params: StripeSimulatedParams) throws -> StripeSimulatedJSON {
        let current = try subscription(id)
        guard ["active", "trialing", "past_due"].contains(current.status) else {
            throw StripeSimulatedAPIError.invalid("Only an active, trialing or past_due subscription can be paused.")
        }
        let time = now(customer: current.customer)
        changeSubscription(id, at: time) { $0.status = "paused" }
        emit("customer.subscription.paused", try renderSubscription(try subscription(id)), at: time)
        return try renderSubscription(try subscription(id))
    }

    /// `POST /v1/subscriptions/{id}/resume`: a new period starts now (`billing_cycle_anchor=now`, the only
    /// anchor the simulator supports), billed at once; `active`, or `past_due` when the payment fails.
    func resumeSubscription(_ id: String, _ params: StripeSimulatedParams) throws -> StripeSimulatedJSON {
        let current = try subscription(id)
        guard current.status == "paused" else { throw StripeSimulatedAPIError.invalid("Only a paused subscription can be resumed.") }
        let anchor = params.string("billing_cycle_anchor") ?? params["billing_cycle_anchor"].string("type") ?? "now"
        guard anchor == "now" else {
            throw StripeSimulatedAPIError.invalid("The simulator resumes with billing_cycle_anchor=now only.", param: "billing_cycle_anchor")
        }
        let time = now(customer: current.customer)
        guard let interval = try price(current.price).recurring else { throw StripeSimulatedAPIError.invalid("The price must be recurring.") }
        changeSubscription(id, at: time) { subscription in
            subscription.status = "active"
            subscription.billingCycleAnchor = time
            subscription.periodIndex = 0
            subscription.currentPeriodStart = time
            subscription.currentPeriodEnd = interval.end(anchor: time, periods: 0)
            subscription.trialEnd = subscription.trialEnd.map { min($0, time) }
        }
        emit("customer.subscription.resumed", try renderSubscription(try subscription(id)), at: time)
        let resumed = try subscription(id)
        let amount = (try price(resumed.price)).unitAmount * resumed.quantity
        let (invoiceID, outcome) = bill(
            id, reason: "subscription_update", amount: amount, periodStart: time, periodEnd: resumed.currentPeriodEnd, at: time
        )
        settleSubscription(id, invoice: invoiceID, outcome: outcome, at: time)
        return try renderSubscription(try subscription(id))
    }

    /// Applies `change` and emits `customer.subscription.updated` with what changed.
    func changeSubscription(_ id: String, at time: Int64, _ change: (inout StripeSimulatedSubscription) -> Void) {
        guard var subscription = subscriptions[id], let before = try? renderSubscription(subscription) else { return }
        change(&subscription)
        subscriptions[id] = subscription
        if let after = try? renderSubscription(subscription) {
            emitUpdate("customer.subscription.updated", before: before, after: after, at: time)
        }
    }

    /// Ends a subscription at `time` for `reason` and emits `customer.subscription.deleted`.
    func end(_ id: String, reason: String, at time: Int64) {
        guard var subscription = subscriptions[id] else { return }
        subscription.status = "canceled"
        subscription.canceledAt = subscription.cancelAtPeriodEnd ? (subscription.canceledAt ?? time) : time
        subscription.endedAt = time
        subscription.cancellationReason = reason
        subscription.pauseCollection = nil
        subscriptions[id] = subscription
        for invoice in invoices.values where invoice.subscription == id && invoice.nextPaymentAttempt != nil {
            invoices[invoice.id]?.nextPaymentAttempt = nil
        }
        if let json = try? renderSubscription(subscription) { emit("customer.subscription.deleted", json, at: time) }
    }
}
