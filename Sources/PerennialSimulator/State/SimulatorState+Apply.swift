import PerennialCore

extension SimulatorState {
    /// Performs one lifecycle change at a simulated instant, and records what changed in the event log.
    ///
    /// This is the ONLY place the simulated App Store changes a purchase: a purchase, renewal, billing
    /// failure, recovery, expiry, auto-renew switch, refund, product change, price increase, Family
    /// Sharing change, or what the developer records through the App Store Server API. Changes to a purchaser's subscription are mirrored here to its family members.
    /// Callers check requests first; a change that no longer applies records nothing. Every recorded event
    /// queues the store notifications it causes (`outbox`), signed as of this instant.
    @discardableResult
    mutating func apply(_ change: LifecycleChange, at instant: Instant) -> [SimulatorEvent] {
        let drafts: [EventDraft]
        var mirrorsToFamily = true
        switch change {
        case .subscribe(let owner, let productID, let offer, let resubscribing, let token, let promotion):
            drafts = performSubscribe(
                owner, productID: productID, offer: offer, resubscribing: resubscribing, appAccountToken: token,
                promotionalOffer: promotion, at: instant)
        case .redeemOffer(let id, let offerID):
            drafts = performRedeemOffer(id, offerID: offerID)
        case .buyOnce(let owner, let productID, let token):
            drafts = performBuyOnce(owner, productID: productID, appAccountToken: token, at: instant)
            mirrorsToFamily = false
        case .renew(let id):
            drafts = performRenew(id, at: instant)
        case .failBilling(let id):
            drafts = performFailBilling(id, at: instant)
        case .endGracePeriod(let id):
            drafts = performEndGracePeriod(id)
        case .extendRenewalDate(let id, let days, let reasonCode):
            drafts = performExtendRenewalDate(id, days: days, reasonCode: reasonCode)
        case .recover(let id):
            drafts = performRecover(id, at: instant)
        case .expire(let id, let intent):
            drafts = performExpire(id, intent: intent, at: instant)
        case .setAutoRenew(let id, let enabled):
            drafts = performSetAutoRenew(id, enabled: enabled, at: instant)
        case .refund(let transactionID, let reason):
            drafts = performRefund(transactionID, reason: reason, at: instant)
        case .changeProduct(let id, let productID, let kind, let immediate):
            drafts = performChangeProduct(id, to: productID, kind: kind, immediate: immediate, at: instant)
        case .cancelPendingChange(let id):
            drafts = performCancelPendingChange(id)
        case .priceIncrease(let id, let action):
            drafts = performPriceIncrease(id, action: action)
        case .shareWithFamily(let id, let member):
            drafts = performShareWithFamily(id, member: member, at: instant)
            mirrorsToFamily = false
        case .revokeFamilyMember(let id, let member):
            drafts = performRevokeFamilyMember(id, member: member, at: instant)
            mirrorsToFamily = false
        case .recordConsumption(let transactionID, let details):
            drafts = performRecordConsumption(transactionID, details: details)
            mirrorsToFamily = false
        case .setAppAccountToken(let id, let token):
            drafts = performSetAppAccountToken(id, token: token)
            mirrorsToFamily = false
        }
        var recorded = drafts.map { record($0, at: instant) }
        if mirrorsToFamily {
            recorded += mirrorToFamily(drafts, at: instant).map { record($0, at: instant) }
        }
        return recorded
    }

    /// Appends one event to the log and marks the receipt as changed.
    private mutating func record(_ draft: EventDraft, at instant: Instant) -> SimulatorEvent {
        let event = SimulatorEvent(
            sequence: events.count + 1, kind: draft.kind, occurredAt: instant, environment: draft.owner.environment,
            account: draft.owner.account, bundleID: draft.owner.bundleID, productID: draft.productID,
            originalTransactionID: draft.originalTransactionID, transactionID: draft.transactionID,
            details: draft.details)
        events.append(event)
        if let account = accounts[draft.owner] {
            accounts[draft.owner]?.updatedAt = max(account.updatedAt, instant)
        }
        enqueueNotifications(for: event)
        return event
    }

    /// Brings the family members of every purchaser the drafts touched up to date, and returns their events.
    private mutating func mirrorToFamily(_ drafts: [EventDraft], at instant: Instant) -> [EventDraft] {
        var mirrored: [EventDraft] = []
        var seen: Set<String> = []
        for draft in drafts where seen.insert(draft.originalTransactionID).inserted {
            guard let purchaser = subscriptions[draft.originalTransactionID], purchaser.sharedFrom == nil else { continue }
            let own = drafts.filter { $0.originalTransactionID == draft.originalTransactionID }
            for memberID in purchaser.familyMembers.values.sorted() {
                mirrored += syncMember(memberID, purchaser: purchaser.originalTransactionID, mirroring: own, at: instant)
            }
        }
        return mirrored
    }
}
