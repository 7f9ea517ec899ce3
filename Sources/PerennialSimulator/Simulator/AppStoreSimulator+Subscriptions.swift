import PerennialCore

extension AppStoreSimulator {
    /// Turns renewal on or off. Off: the subscription expires at the end of the period (intent 1); during
    /// billing retry it expires now.
    @discardableResult
    public func setAutoRenew(originalTransactionID id: String, enabled: Bool) throws -> SubscriptionSummary {
        let now = catchUp()
        let subscription = try purchasedSubscription(id)
        guard subscription.phase.isLive else {
            throw SimulatorError.conflict("not_active", "subscription \(id) has ended; buy it again instead")
        }
        apply(.setAutoRenew(id, enabled), at: now)
        return try self.subscription(originalTransactionID: id)
    }

    /// Makes renewals of this subscription fail to charge (`true`) or succeed again (`false`). Succeeding
    /// again during billing retry recovers now: a new period starts with a new transaction.
    @discardableResult
    public func setBillingFailing(originalTransactionID id: String, failing: Bool) throws -> SubscriptionSummary {
        let now = catchUp()
        _ = try purchasedSubscription(id)
        state.subscriptions[id]?.billingFailing = failing
        if !failing, case .billingRetry? = state.subscriptions[id]?.phase {
            apply(.recover(id), at: now)
        }
        return try subscription(originalTransactionID: id)
    }

    /// Refunds a transaction now: `cancellation_date` and `cancellation_reason` ("0" other, "1" an issue
    /// in the app). `id` is a subscription's original transaction id (the refund then applies to
    /// `transactionID`, by default its latest transaction, and revokes the subscription when that is the
    /// current one) or a one-time purchase's transaction id. Returns the refund event.
    @discardableResult
    public func refund(originalTransactionID id: String, transactionID: String? = nil, reason: String = "0") throws
        -> SimulatorEvent
    {
        let now = catchUp()
        guard reason == "0" || reason == "1" else {
            throw SimulatorError.invalidRequest("cancellation reason must be \"0\" or \"1\"")
        }
        let target: String
        if let subscription = state.subscriptions[id] {
            guard subscription.sharedFrom == nil else {
                throw SimulatorError.conflict("family_shared", "refund the purchaser's subscription instead")
            }
            target = transactionID ?? subscription.latestTransactionID
        } else {
            target = transactionID ?? id
        }
        guard let transaction = state.transactions[target], transaction.originalTransactionID == id else {
            throw SimulatorError.notFound("unknown_transaction", "no transaction \(target) under \(id)")
        }
        guard transaction.cancellationDate == nil else {
            throw SimulatorError.conflict("already_cancelled", "transaction \(target) is already cancelled")
        }
        guard let event = apply(.refund(transactionID: target, reason: reason), at: now).first else {
            throw SimulatorError.conflict("not_refunded", "transaction \(target) could not be refunded")
        }
        return event
    }

    /// Announces a price increase, or records the customer's consent or refusal.
    @discardableResult
    public func priceIncrease(originalTransactionID id: String, action: PriceIncreaseAction) throws -> SubscriptionSummary {
        let now = catchUp()
        guard try purchasedSubscription(id).phase.isLive else {
            throw SimulatorError.conflict("not_active", "subscription \(id) has ended")
        }
        apply(.priceIncrease(id, action), at: now)
        return try subscription(originalTransactionID: id)
    }

    /// Takes a product off sale (or back on). A subscription due to renew into an unavailable product
    /// expires with intent 4.
    public func setProductAvailability(bundleID: String, productID: String, available: Bool) throws {
        catchUp()
        guard state.product(bundleID, productID) != nil else {
            throw SimulatorError.notFound("unknown_product", "\(bundleID) sells no product \(productID)")
        }
        state.setAvailability(bundleID, productID, available: available)
    }

    /// A subscription the account bought itself (not one shared with it through Family Sharing).
    func purchasedSubscription(_ id: String) throws -> SimulatedSubscription {
        let subscription = try existingSubscription(id)
        guard subscription.sharedFrom == nil else {
            throw SimulatorError.conflict("family_shared", "subscription \(id) is shared by family; change the purchaser's")
        }
        return subscription
    }
}
