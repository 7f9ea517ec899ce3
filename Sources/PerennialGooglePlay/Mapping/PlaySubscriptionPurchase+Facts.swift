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
    /// - A pending purchase (not paid yet) or a pending one cancelled gives no facts: nothing was bought.
    public func facts(token: String, subscriptionID: String? = nil, observedAt: Instant) -> FactBatch {
        let state = subscriptionState ?? .unspecified
        guard state != .pending, state != .pendingPurchaseCanceled else { return FactBatch() }
        var batch = FactBatch()
        let startedAt = startTime.flatMap(PlayTimestamp.instant)
        for item in lineItems {
            let id = lineItems.count > 1 ? "\(subscriptionID ?? token)#\(item.productId)" : subscriptionID ?? token
            let expiry = item.expiryTime.flatMap(PlayTimestamp.instant)
            batch.transactions.append(
                transaction(of: item, subscriptionID: id, token: token, startedAt: startedAt, expiry: expiry, observedAt: observedAt)
            )
            batch.renewalInfos.append(renewalInfo(of: item, subscriptionID: id, expiry: expiry, observedAt: observedAt))
        }
        return batch
    }

    /// The environment: a license tester's purchase is the sandbox.
    public var environment: StoreEnvironment { testPurchase == nil ? .production : .sandbox }

    private func transaction(
        of item: PlayLineItem, subscriptionID: String, token: String, startedAt: Instant?, expiry: Instant?,
        observedAt: Instant
    ) -> TransactionFact {
        let orderID = item.latestSuccessfulOrderId ?? (lineItems.count == 1 ? latestOrderId : nil)
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
        if !isTrial, !isIntro, phase?.prorationPeriod == nil {
            fact.price = item.autoRenewingPlan?.recurringPrice.flatMap(Money.init)
        }
        fact.storefront = regionCode
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
