import PerennialCore

extension SimulatorState {
    /// A new subscription, or an expired one restarted (same original transaction id, as Apple does).
    mutating func performSubscribe(
        _ owner: ReceiptOwner, productID: String, offer: SimulatorOffer, resubscribing: String?,
        appAccountToken: String?, promotionalOffer: String? = nil, at instant: Instant
    ) -> [EventDraft] {
        guard let product = product(owner.bundleID, productID) else { return [] }
        let promotion = promotionalOffer.flatMap(product.promotionalOffer)
        let offerPeriod: SimulatorPeriod? =
            switch offer {
            case .none: nil
            case .trial: product.trialPeriod
            case .intro: product.introOffer?.period
            }
        let previous = resubscribing.flatMap { subscriptions[$0] }
        let originalID = previous?.originalTransactionID ?? newTransactionID()
        let transactionID = previous == nil ? originalID : newTransactionID()
        let expires =
            promotion.map { promotionalEnd(of: $0, product: product, from: instant) }
            ?? periodEnd(bundleID: owner.bundleID, productID: productID, offerPeriod: offerPeriod, from: instant)
        var transaction = SimulatedTransaction(
            owner: owner, transactionID: transactionID, originalTransactionID: originalID,
            webOrderLineItemID: newWebOrderLineItemID(), productID: productID, productType: .autoRenewable,
            subscriptionGroup: product.subscriptionGroup, purchaseDate: instant,
            originalPurchaseDate: originalPurchaseDate(of: previous) ?? instant, expiresDate: expires,
            isTrialPeriod: offer == .trial, isInIntroOfferPeriod: offer == .intro)
        transaction.appAccountToken = appAccountToken
        transaction.promotionalOfferID = promotion?.id
        insert(transaction, for: owner, at: instant)

        var subscription =
            previous
            ?? SimulatedSubscription(
                originalTransactionID: originalID, owner: owner, group: product.group, productID: productID,
                renewalProductID: productID, expiresDate: expires, recentStartDate: instant)
        if let previous, instant.milliseconds - previous.expiresDate.milliseconds > timeScale.billingRetryMilliseconds {
            subscription.recentStartDate = instant
        }
        subscription.appAccountToken = appAccountToken
        subscription.graceExpiryRecorded = false
        subscription.productID = productID
        subscription.renewalProductID = productID
        subscription.autoRenew = true
        subscription.billingFailing = false
        subscription.phase = .active
        subscription.expiresDate = expires
        subscription.priceConsent = nil
        subscription.offer =
            switch offer {
            case .none: .none
            case .trial: .trial
            case .intro: .intro(remaining: max(0, (product.introOffer?.periods ?? 1) - 1))
            }
        if let promotion { subscription.offer = Self.progress(startingWith: promotion) }
        subscription.pendingPromotionalOffer = nil
        subscription.usedIntroductoryOffer = subscription.usedIntroductoryOffer || offer != .none
        subscription.transactionIDs.append(transactionID)
        subscriptions[originalID] = subscription

        var details = ["offer": offer.rawValue]
        if previous != nil { details["resubscribe"] = "true" }
        if let promotion { details["promotional_offer_id"] = promotion.id }
        return [
            EventDraft(
                kind: .purchase, owner: owner, originalTransactionID: originalID, transactionID: transactionID,
                productID: productID, details: details)
        ]
    }

    /// A consumable, non-consumable or non-renewing subscription: one transaction, in `in_app` only.
    mutating func performBuyOnce(
        _ owner: ReceiptOwner, productID: String, appAccountToken: String?, at instant: Instant
    ) -> [EventDraft] {
        guard let product = product(owner.bundleID, productID) else { return [] }
        let id = newTransactionID()
        var transaction = SimulatedTransaction(
            owner: owner, transactionID: id, originalTransactionID: id, webOrderLineItemID: nil, productID: productID,
            productType: product.type, subscriptionGroup: nil, purchaseDate: instant, originalPurchaseDate: instant,
            expiresDate: nil)
        transaction.appAccountToken = appAccountToken
        insert(transaction, for: owner, at: instant)
        return [
            EventDraft(
                kind: .purchase, owner: owner, originalTransactionID: id, transactionID: id, productID: productID,
                details: ["product_type": product.type.rawValue])
        ]
    }

    func originalPurchaseDate(of subscription: SimulatedSubscription?) -> Instant? {
        subscription?.transactionIDs.first.flatMap { transactions[$0]?.originalPurchaseDate }
    }
}
