import PerennialCore

extension SimulatorState {
    /// Turning renewal off during billing retry ends the subscription now (intent 1).
    mutating func performSetAutoRenew(_ id: String, enabled: Bool, at instant: Instant) -> [EventDraft] {
        guard var subscription = subscriptions[id], subscription.phase.isLive, subscription.autoRenew != enabled
        else { return [] }
        subscription.autoRenew = enabled
        var drafts = [draft(enabled ? .autoRenewOn : .autoRenewOff, subscription, transactionID: nil)]
        if !enabled, case .billingRetry = subscription.phase {
            subscription.phase = .expired(intent: 1, at: instant)
            drafts.append(
                draft(
                    .expiry, subscription, transactionID: subscription.latestTransactionID,
                    details: ["expiration_intent": "1"]))
        }
        subscriptions[id] = subscription
        return drafts
    }

    /// Refunding a subscription's current transaction revokes the subscription.
    mutating func performRefund(_ transactionID: String, reason: String, at instant: Instant) -> [EventDraft] {
        guard var transaction = transactions[transactionID], transaction.cancellationDate == nil else { return [] }
        transaction.cancellationDate = instant
        transaction.cancellationReason = reason
        transactions[transactionID] = transaction
        var details = ["cancellation_reason": reason]
        if var subscription = subscriptions[transaction.originalTransactionID],
            subscription.latestTransactionID == transactionID, subscription.phase.isLive
        {
            subscription.phase = .revoked(at: instant)
            subscription.autoRenew = false
            subscriptions[subscription.originalTransactionID] = subscription
            details["revoked"] = "true"
        }
        return [
            EventDraft(
                kind: .refund, owner: transaction.owner, originalTransactionID: transaction.originalTransactionID,
                transactionID: transactionID, productID: transaction.productID, details: details)
        ]
    }

    /// An immediate change cancels the current transaction (`is_upgraded`) and starts the new product now;
    /// a deferred one only sets the renewal product.
    mutating func performChangeProduct(
        _ id: String, to productID: String, kind: ProductChangeKind, immediate: Bool, at instant: Instant
    ) -> [EventDraft] {
        guard var subscription = subscriptions[id], subscription.phase.isLive else { return [] }
        let from = subscription.productID
        let details = [
            "from_product_id": from, "to_product_id": productID, "effective": immediate ? "immediate" : "next_renewal",
        ]
        guard immediate else {
            subscription.renewalProductID = productID
            subscriptions[id] = subscription
            return [draft(kind.eventKind, subscription, transactionID: subscription.latestTransactionID, details: details)]
        }
        if var current = transactions[subscription.latestTransactionID], current.cancellationDate == nil {
            current.cancellationDate = instant
            current.isUpgraded = true
            transactions[current.transactionID] = current
        }
        let bundleID = subscription.owner.bundleID
        let expires = periodEnd(bundleID: bundleID, productID: productID, offerPeriod: nil, from: instant)
        let transactionID = newTransactionID()
        var transaction = SimulatedTransaction(
            owner: subscription.owner, transactionID: transactionID, originalTransactionID: id,
            webOrderLineItemID: newWebOrderLineItemID(), productID: productID, productType: .autoRenewable,
            subscriptionGroup: product(bundleID, productID)?.subscriptionGroup, purchaseDate: instant,
            originalPurchaseDate: originalPurchaseDate(of: subscription) ?? instant, expiresDate: expires)
        transaction.appAccountToken = subscription.appAccountToken
        insert(transaction, for: subscription.owner, at: instant)
        subscription.transactionIDs.append(transactionID)
        subscription.productID = productID
        subscription.renewalProductID = productID
        subscription.expiresDate = expires
        subscription.offer = .none
        subscription.pendingPromotionalOffer = nil
        subscription.priceConsent = nil
        subscription.phase = .active
        subscriptions[id] = subscription
        return [draft(kind.eventKind, subscription, transactionID: transactionID, details: details)]
    }

    mutating func performCancelPendingChange(_ id: String) -> [EventDraft] {
        guard var subscription = subscriptions[id], subscription.renewalProductID != subscription.productID
        else { return [] }
        let pending = subscription.renewalProductID
        subscription.renewalProductID = subscription.productID
        subscriptions[id] = subscription
        return [draft(.productChangeCancelled, subscription, transactionID: nil, details: ["cancelled_product_id": pending])]
    }

    mutating func performPriceIncrease(_ id: String, action: PriceIncreaseAction) -> [EventDraft] {
        guard var subscription = subscriptions[id], subscription.phase.isLive else { return [] }
        let consent: PriceConsent =
            switch action {
            case .notify: .notified
            case .consent: .consented
            case .decline: .declined
            }
        subscription.priceConsent = consent
        subscriptions[id] = subscription
        return [draft(.priceIncrease, subscription, transactionID: nil, details: ["status": consent.rawValue])]
    }
}

extension ProductChangeKind {
    var eventKind: SimulatorEventKind {
        switch self {
        case .upgrade: .upgrade
        case .downgrade: .downgrade
        case .crossgrade: .crossgrade
        }
    }
}
