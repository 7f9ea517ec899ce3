import PerennialCore

extension SimulatorState {
    /// Performs, in time order, every renewal, billing failure and expiry due up to `now`.
    mutating func catchUp(to now: Instant) {
        for _ in 0..<Self.maximumChangesPerCatchUp {
            guard let (instant, change) = earliestDueChange(until: now) else { return }
            apply(change, at: instant)
        }
    }

    /// When the next renewal, billing failure, grace period end or expiry falls due, if any.
    func nextChangeInstant() -> Instant? {
        earliestDueChange(until: Instant(milliseconds: .max))?.0
    }

    private func earliestDueChange(until now: Instant) -> (Instant, LifecycleChange)? {
        var best: (instant: Instant, id: String, change: LifecycleChange)?
        for subscription in subscriptions.values where subscription.sharedFrom == nil {
            guard let (instant, change) = dueChange(of: subscription, until: now) else { continue }
            let id = subscription.originalTransactionID
            if let current = best, (current.instant, current.id) <= (instant, id) { continue }
            best = (instant, id, change)
        }
        return best.map { ($0.instant, $0.change) }
    }

    /// What the App Store does next to this subscription, if it is due by `now`.
    private func dueChange(of subscription: SimulatedSubscription, until now: Instant) -> (Instant, LifecycleChange)? {
        let id = subscription.originalTransactionID
        switch subscription.phase {
        case .active:
            let end = subscription.expiresDate
            guard end <= now else { return nil }
            if !subscription.autoRenew { return (end, .expire(id, intent: 1)) }
            if let consent = subscription.priceConsent, consent != .consented { return (end, .expire(id, intent: 3)) }
            let bundleID = subscription.owner.bundleID
            let next = subscription.renewalProductID
            if product(bundleID, next) == nil || !isAvailable(bundleID, next) { return (end, .expire(id, intent: 4)) }
            if subscription.billingFailing { return (end, .failBilling(id)) }
            return (end, .renew(id))
        case .billingRetry(let since, let graceEnd):
            let end = since.adding(milliseconds: timeScale.billingRetryMilliseconds)
            if let graceEnd, !subscription.graceExpiryRecorded, graceEnd < end {
                guard graceEnd <= now else { return nil }
                return (graceEnd, .endGracePeriod(id))
            }
            guard end <= now else { return nil }
            return (end, .expire(id, intent: 2))
        case .expired, .revoked:
            return nil
        }
    }

    mutating func performRenew(_ id: String, at instant: Instant) -> [EventDraft] {
        guard var subscription = subscriptions[id], subscription.phase == .active else { return [] }
        let (transactionID, details) = appendPeriod(to: &subscription, at: instant)
        subscription.renewalCount += 1
        subscriptions[id] = subscription
        return [draft(.renewal, subscription, transactionID: transactionID, details: details)]
    }

    mutating func performFailBilling(_ id: String, at instant: Instant) -> [EventDraft] {
        guard var subscription = subscriptions[id], subscription.phase == .active else { return [] }
        let graceEnd = gracePeriodMilliseconds(subscription.owner.bundleID).map { instant.adding(milliseconds: $0) }
        subscription.phase = .billingRetry(since: instant, graceEndsAt: graceEnd)
        subscription.graceExpiryRecorded = false
        subscriptions[id] = subscription
        var drafts = [draft(.billingFailure, subscription, transactionID: subscription.latestTransactionID)]
        if let graceEnd {
            drafts.append(
                draft(
                    .gracePeriod, subscription, transactionID: subscription.latestTransactionID,
                    details: ["grace_period_expires_date_ms": String(graceEnd.milliseconds)]))
        }
        return drafts
    }

    /// The grace period ran out; the subscription stays in billing retry, without access.
    mutating func performEndGracePeriod(_ id: String) -> [EventDraft] {
        guard var subscription = subscriptions[id], case .billingRetry(_, let graceEnd?) = subscription.phase,
            !subscription.graceExpiryRecorded
        else { return [] }
        subscription.graceExpiryRecorded = true
        subscriptions[id] = subscription
        return [
            draft(
                .gracePeriodExpired, subscription, transactionID: subscription.latestTransactionID,
                details: ["grace_period_expires_date_ms": String(graceEnd.milliseconds)])
        ]
    }

    /// Billing works again during retry: a new period starts now.
    mutating func performRecover(_ id: String, at instant: Instant) -> [EventDraft] {
        guard var subscription = subscriptions[id], case .billingRetry = subscription.phase else { return [] }
        let (transactionID, details) = appendPeriod(to: &subscription, at: instant)
        subscription.renewalCount += 1
        subscriptions[id] = subscription
        return [draft(.recovery, subscription, transactionID: transactionID, details: details)]
    }

    mutating func performExpire(_ id: String, intent: Int, at instant: Instant) -> [EventDraft] {
        guard var subscription = subscriptions[id], subscription.phase.isLive else { return [] }
        subscription.phase = .expired(intent: intent, at: instant)
        subscriptions[id] = subscription
        return [
            draft(
                .expiry, subscription, transactionID: subscription.latestTransactionID,
                details: ["expiration_intent": String(intent)])
        ]
    }

    /// Charges the next period from `instant`: the renewal product, the next intro period if any.
    private mutating func appendPeriod(
        to subscription: inout SimulatedSubscription, at instant: Instant
    ) -> (String, [String: String]) {
        let bundleID = subscription.owner.bundleID
        let previousProduct = subscription.productID
        let next = subscription.renewalProductID
        var details: [String: String] = [:]
        if subscription.offer == .trial { details["trial_converted"] = "true" }
        var offerPeriod: SimulatorPeriod?
        var isIntro = false
        let promotion = takePromotionalPeriod(from: &subscription, charging: next)
        if promotion != nil {
            details["promotional_offer_id"] = promotion?.id
        } else if case .intro(let remaining) = subscription.offer, remaining > 0, next == previousProduct,
            let intro = product(bundleID, next)?.introOffer
        {
            offerPeriod = intro.period
            isIntro = true
            subscription.offer = .intro(remaining: remaining - 1)
        } else {
            subscription.offer = .none
        }
        if next != previousProduct { details["from_product_id"] = previousProduct }
        if subscription.priceConsent == .consented {
            subscription.priceConsent = nil
            details["price_increase"] = "applied"
        }
        let expires =
            promotion.flatMap { offer in
                product(bundleID, next).map { promotionalEnd(of: offer, product: $0, from: instant) }
            } ?? periodEnd(bundleID: bundleID, productID: next, offerPeriod: offerPeriod, from: instant)
        let id = newTransactionID()
        var transaction = SimulatedTransaction(
            owner: subscription.owner, transactionID: id, originalTransactionID: subscription.originalTransactionID,
            webOrderLineItemID: newWebOrderLineItemID(), productID: next, productType: .autoRenewable,
            subscriptionGroup: product(bundleID, next)?.subscriptionGroup, purchaseDate: instant,
            originalPurchaseDate: originalPurchaseDate(of: subscription) ?? instant, expiresDate: expires,
            isInIntroOfferPeriod: isIntro)
        transaction.isRenewal = true
        transaction.promotionalOfferID = promotion?.id
        transaction.appAccountToken = subscription.appAccountToken
        insert(transaction, for: subscription.owner, at: instant)
        subscription.transactionIDs.append(id)
        subscription.productID = next
        subscription.expiresDate = expires
        subscription.phase = .active
        return (id, details)
    }

    func draft(
        _ kind: SimulatorEventKind, _ subscription: SimulatedSubscription, transactionID: String?,
        details: [String: String] = [:]
    ) -> EventDraft {
        EventDraft(
            kind: kind, owner: subscription.owner, originalTransactionID: subscription.originalTransactionID,
            transactionID: transactionID, productID: subscription.productID, details: details)
    }
}
