import PerennialCore

extension SimulatorState {
    /// A product's promotional offer, by identifier.
    func promotionalOffer(_ bundleID: String, _ productID: String, _ offerID: String) -> SimulatorPromotionalOffer? {
        product(bundleID, productID)?.promotionalOffer(offerID)
    }

    /// The progress of a subscription whose current period is the offer's first.
    static func progress(startingWith offer: SimulatorPromotionalOffer) -> OfferProgress {
        .promotional(id: offer.id, remaining: offer.type == .payAsYouGo ? max(0, offer.periods - 1) : 0)
    }

    /// The end of one transaction under the offer: one product period for pay-as-you-go, all the offer's
    /// periods for pay-up-front and free offers.
    func promotionalEnd(of offer: SimulatorPromotionalOffer, product: SimulatorProduct, from start: Instant) -> Instant {
        let period = product.period ?? .month
        let count = offer.type == .payAsYouGo ? 1 : max(1, offer.periods)
        var end = start
        for _ in 0..<count { end = timeScale.end(of: period, from: end) }
        return end
    }

    /// A current subscriber redeemed an offer of its current product: it applies from the next renewal, and the
    /// redemption (a purchase) turns auto-renew back on.
    mutating func performRedeemOffer(_ id: String, offerID: String) -> [EventDraft] {
        guard var subscription = subscriptions[id], subscription.phase.isLive,
            promotionalOffer(subscription.owner.bundleID, subscription.productID, offerID) != nil
        else { return [] }
        var details = ["promotional_offer_id": offerID]
        if !subscription.autoRenew { details["auto_renew_enabled"] = "true" }
        subscription.pendingPromotionalOffer = PendingPromotionalOffer(productID: subscription.productID, offerID: offerID)
        subscription.renewalProductID = subscription.productID
        subscription.autoRenew = true
        subscriptions[id] = subscription
        return [draft(.offerRedeemed, subscription, transactionID: subscription.latestTransactionID, details: details)]
    }

    /// The promotional offer the next period (charging `next`) falls under, if any; advances the subscription's
    /// offer progress. A pending offer starts here; a pay-as-you-go offer goes on while periods remain.
    func takePromotionalPeriod(
        from subscription: inout SimulatedSubscription, charging next: String
    ) -> SimulatorPromotionalOffer? {
        let bundleID = subscription.owner.bundleID
        if let pending = subscription.pendingPromotionalOffer {
            subscription.pendingPromotionalOffer = nil
            if pending.productID == next, let offer = promotionalOffer(bundleID, next, pending.offerID) {
                subscription.offer = Self.progress(startingWith: offer)
                return offer
            }
        }
        if case .promotional(let offerID, let remaining) = subscription.offer, remaining > 0,
            next == subscription.productID, let offer = promotionalOffer(bundleID, next, offerID)
        {
            subscription.offer = .promotional(id: offerID, remaining: remaining - 1)
            return offer
        }
        return nil
    }

    /// The promotional offer that the subscription's next renewal will be charged under, if any.
    func upcomingPromotionalOffer(of subscription: SimulatedSubscription) -> SimulatorPromotionalOffer? {
        let bundleID = subscription.owner.bundleID
        if let pending = subscription.pendingPromotionalOffer, pending.productID == subscription.renewalProductID {
            return promotionalOffer(bundleID, pending.productID, pending.offerID)
        }
        if case .promotional(let offerID, let remaining) = subscription.offer, remaining > 0,
            subscription.renewalProductID == subscription.productID
        {
            return promotionalOffer(bundleID, subscription.productID, offerID)
        }
        return nil
    }
}
