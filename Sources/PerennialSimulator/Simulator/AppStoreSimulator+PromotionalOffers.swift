import PerennialCore

extension AppStoreSimulator {
    /// Checks a promotional offer sent with a purchase, in the App Store's order: the parameters, the key, the
    /// signature, the offer, its price, the timestamp's 24-hour window, the nonce, and Apple's own eligibility
    /// rule (the account has or had an auto-renewable subscription in the app). Returns the offer and the key
    /// that marks its nonce used.
    func checkPromotionalOffer(
        _ request: PromotionalOfferRequest, product: SimulatorProduct, owner: ReceiptOwner,
        appAccountToken: String?, at now: Instant
    ) throws(PromotionalOfferError) -> (offer: SimulatorPromotionalOffer, nonceKey: String) {
        guard let app = state.app(owner.bundleID) else {
            throw .invalidSignature("no app with bundle_id \(owner.bundleID)")
        }
        let signed: PromotionalOfferVerifier.Signed
        if let jws = request.jws {
            signed = try PromotionalOfferVerifier.verifyV2(jws, offerID: request.offerID, app: app, productID: product.id)
        } else {
            signed = try PromotionalOfferVerifier.verifyV1(
                request, app: app, productID: product.id,
                applicationUsername: request.applicationUsername ?? appAccountToken ?? "")
        }
        guard let offer = product.promotionalOffer(signed.offerID) else {
            throw .invalidOfferIdentifier("\(product.id) has no promotional offer \(signed.offerID)")
        }
        if offer.type == .payAsYouGo, offer.priceMilliunits >= product.priceMilliunits {
            throw .invalidOfferPrice("the pay-as-you-go offer \(offer.id) is not cheaper than \(product.id)")
        }
        guard PromotionalOfferVerifier.isFresh(signed.timestamp, at: now) else {
            throw .invalidSignature("the signature's timestamp is more than 24 hours from now")
        }
        let nonceKey = owner.bundleID + "\u{0}" + signed.nonce
        guard !state.usedOfferNonces.contains(nonceKey) else {
            throw .invalidSignature("the nonce \(signed.nonce) was used before")
        }
        let subscribed = (state.accounts[owner]?.transactionIDs ?? []).contains { id in
            state.transactions[id]?.productType == .autoRenewable
        }
        guard subscribed else {
            throw .ineligibleForOffer("\(owner.account) never subscribed to an auto-renewable subscription of the app")
        }
        return (offer, nonceKey)
    }

    /// A current subscriber of `existing`'s product redeemed an offer: it applies from the next renewal.
    func redeemForCurrentSubscriber(
        _ existing: SimulatedSubscription, offer: SimulatorPromotionalOffer, nonceKey: String, owner: ReceiptOwner,
        at now: Instant
    ) throws -> PurchaseResult {
        state.usedOfferNonces.insert(nonceKey)
        apply(.redeemOffer(existing.originalTransactionID, offerID: offer.id), at: now)
        let transactionID = state.subscriptions[existing.originalTransactionID]?.latestTransactionID
            ?? existing.latestTransactionID
        return PurchaseResult(
            originalTransactionID: existing.originalTransactionID, transactionID: transactionID,
            receiptData: state.receiptData(for: owner, at: now), environment: owner.environment,
            orderID: state.transactions[transactionID]?.orderID,
            signedTransactionInfo: state.signedTransaction(transactionID, signedDate: now))
    }
}
