import PerennialCore

extension PlaySubscriptionPurchase {
    /// What the purchase says, as facts, read from Google at `observedAt`. Translates, never decides:
    ///
    /// - The subscription's id is `subscriptionID` (the first purchase token of a chain of upgrades,
    ///   downgrades and resubscribes, which the caller knows), or `token` itself. A purchase with several line
    ///   items (add-ons) gives one subscription per item, `<id>#<productId>`.
    /// - Each order is a transaction: the first (`GPA.…`) was bought at `startTime`; a renewal (`GPA.…..N`)
    ///   at the earliest time it was seen, and never after its period ends (Google does not say when it was
    ///   charged; copies merge to the earliest). A purchase without an order (a promotion code) is one
    ///   transaction named after its token.
    /// - During a grace period Google moves `expiryTime` to the end of the grace period; the paid period had
    ///   ended by the time of reading, so the transaction ends then at the latest, and the grace period's end
    ///   goes to the renewal info.
    /// - A period's price is what its order in `orders` (by order id, from the Orders API) says the buyer paid,
    ///   tax included, with its tax; without the order, the base plan's `recurringPrice` when the period is
    ///   at the base price, and none for an introductory, trial or prorated period (the purchase does not say
    ///   what those cost).
    /// - A pending purchase (not paid yet) or a pending one cancelled gives no facts: nothing was bought.
    public func facts(
        token: String, subscriptionID: String? = nil, observedAt: Instant, orders: [String: PlayOrder] = [:]
    ) -> FactBatch {
        let state = subscriptionState ?? .unspecified
        guard state != .pending, state != .pendingPurchaseCanceled else { return FactBatch() }
        var batch = FactBatch()
        let startedAt = startTime.flatMap(PlayTimestamp.instant)
        for item in lineItems {
            let id = lineItems.count > 1 ? "\(subscriptionID ?? token)#\(item.productId)" : subscriptionID ?? token
            let expiry = item.expiryTime.flatMap(PlayTimestamp.instant)
            batch.transactions.append(
                transaction(
                    of: item, subscriptionID: id, token: token, startedAt: startedAt, expiry: expiry, observedAt: observedAt,
                    orders: orders
                )
            )
            batch.renewalInfos.append(renewalInfo(of: item, subscriptionID: id, expiry: expiry, observedAt: observedAt))
        }
        return batch
    }

    /// The environment: a license tester's purchase is the sandbox.
    public var environment: StoreEnvironment { testPurchase == nil ? .production : .sandbox }

    /// The order that paid for each line item's current period, when the purchase names it, with whether
    /// that period is a free trial (an order that costs nothing).
    public var currentOrders: [(orderID: String, isFreeTrial: Bool)] {
        lineItems.compactMap { item in
            orderID(of: item).map { ($0, item.offerPhase?.freeTrial != nil) }
        }
    }

    private func orderID(of item: PlayLineItem) -> String? {
        item.latestSuccessfulOrderId ?? (lineItems.count == 1 ? latestOrderId : nil)
    }

    private func transaction(
        of item: PlayLineItem, subscriptionID: String, token: String, startedAt: Instant?, expiry: Instant?,
        observedAt: Instant, orders: [String: PlayOrder]
    ) -> TransactionFact {
        let orderID = orderID(of: item)
        let transactionID = orderID ?? (lineItems.count > 1 ? "\(token)#\(item.productId)" : token)
        var expiresAt = expiry
        if subscriptionState == .inGracePeriod, let end = expiry { expiresAt = min(end, observedAt) }
        let purchasedAt: Instant
        if let orderID, Self.isRenewalOrder(orderID) {
            purchasedAt = min(observedAt, expiresAt ?? observedAt)
        } else {
            purchasedAt = startedAt ?? min(observedAt, expiresAt ?? observedAt)
        }
        let phase = item.offerPhase
        let original = phase?.prorationPeriod?.originalOfferPhaseType
        let isTrial = phase?.freeTrial != nil || original == "FREE_TRIAL"
        let isIntro = phase?.introductoryPrice != nil || original == "INTRODUCTORY"
        var fact = TransactionFact(
            store: .playStore, environment: environment, transactionID: transactionID,
            subscriptionID: subscriptionID, productID: item.productId, purchasedAt: purchasedAt,
            originalPurchasedAt: startedAt, expiresAt: expiresAt, isTrialPeriod: isTrial, isInIntroOfferPeriod: isIntro,
            offerCodeRefName: item.signupPromotion?.vanityCode?.promotionCode,
            promotionalOfferID: item.offerDetails?.offerId,
            appAccountToken: externalAccountIdentifiers?.obfuscatedExternalAccountId
                ?? outOfAppPurchaseContext?.expiredExternalAccountIdentifiers?.obfuscatedExternalAccountId,
            observedAt: observedAt, isAcknowledged: isAcknowledged
        )
        if let charged = orderID.flatMap({ orders[$0] }).flatMap({ Self.charge(of: item, in: $0) }) {
            fact.price = charged.price
            fact.tax = charged.tax
        } else if !isTrial, !isIntro, phase?.prorationPeriod == nil {
            fact.price = item.autoRenewingPlan?.recurringPrice.flatMap(Money.init)
        }
        fact.storefront = regionCode ?? orderID.flatMap { orders[$0]?.buyerAddress?.buyerCountry }
        return fact
    }

    private func renewalInfo(
        of item: PlayLineItem, subscriptionID: String, expiry: Instant?, observedAt: Instant
    ) -> RenewalInfoFact {
        let state = subscriptionState ?? .unspecified
        let renews = item.autoRenewingPlan?.autoRenewEnabled == true && state != .canceled && state != .expired
        var info = RenewalInfoFact(
            store: .playStore, environment: environment, subscriptionID: subscriptionID, productID: item.productId,
            willAutoRenew: renews, autoRenewProductID: item.deferredItemReplacement?.productId,
            expirationReason: state == .canceled || state == .expired ? canceledStateContext?.expirationReason : nil,
            isInBillingRetryPeriod: state == .inGracePeriod || state == .onHold,
            gracePeriodExpiresAt: state == .inGracePeriod ? expiry : nil,
            priceIncreaseConsent: item.autoRenewingPlan?.priceIncreaseConsent,
            offerCodeRefName: item.signupPromotion?.vanityCode?.promotionCode,
            promotionalOfferID: item.offerDetails?.offerId, observedAt: observedAt
        )
        if state == .paused { info.pausedUntil = pausedStateContext?.autoResumeTime.flatMap(PlayTimestamp.instant) }
        return info
    }

    /// What the buyer paid for `item` in `order` (tax included) and its tax in the same currency; nil when the
    /// order was never charged or does not say.
    private static func charge(of item: PlayLineItem, in order: PlayOrder) -> (price: Money, tax: Money?)? {
        guard order.wasCharged, let line = order.lineItem(for: item.productId), let total = line.total.flatMap(Money.init) else {
            return nil
        }
        let tax = line.tax.flatMap(Money.init).flatMap { $0.currency == total.currency ? $0 : nil }
        return (total, tax)
    }

    /// Whether Google recorded the acknowledgement; nil when it did not say.
    private var isAcknowledged: Bool? {
        switch acknowledgementState {
        case .acknowledged?: true
        case .pending?: false
        default: nil
        }
    }

    /// A renewal's order id ends in `..N`.
    static func isRenewalOrder(_ orderID: String) -> Bool {
        guard let range = orderID.range(of: "..", options: .backwards) else { return false }
        let suffix = orderID[range.upperBound...]
        return !suffix.isEmpty && suffix.allSatisfy(\.isASCII) && suffix.allSatisfy(\.isNumber)
    }
}

extension PlaySubscriptionPurchase.CanceledStateContext {
    /// The engine's reason for the cancellation.
    var expirationReason: ExpirationReason? {
        if userInitiatedCancellation != nil { return .voluntary }
        if systemInitiatedCancellation != nil { return .billingError }
        if developerInitiatedCancellation != nil { return .developerCancelled }
        if replacementCancellation != nil { return .replaced }
        return nil
    }
}

extension PlayLineItem.AutoRenewingPlan {
    /// Where the customer stands on a price increase that needs their consent.
    var priceIncreaseConsent: PriceIncreaseConsent? {
        switch priceStepUpConsentDetails?.state {
        case "PENDING": return .pending
        case "CONFIRMED", "COMPLETED": return .agreed
        default: break
        }
        guard let change = priceChangeDetails, change.priceChangeMode == "PRICE_INCREASE" else { return nil }
        switch change.priceChangeState {
        case "OUTSTANDING": return .pending
        case "CONFIRMED", "APPLIED": return .agreed
        default: return nil
        }
    }
}
