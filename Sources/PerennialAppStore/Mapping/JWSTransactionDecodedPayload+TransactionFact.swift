import PerennialCore

extension JWSTransactionDecodedPayload {
    /// The store-neutral fact of a verified signed transaction, vouched for at its `signedDate`; nil when it
    /// lacks a transaction id, a product or a purchase date.
    public var transactionFact: TransactionFact? {
        guard let transactionId, let productId, let purchaseDate else { return nil }
        let isIntroductory = offerType == .introductory
        var fact = TransactionFact(
            store: .appStore, environment: environment?.storeEnvironment ?? .production, transactionID: transactionId,
            subscriptionID: originalTransactionId ?? transactionId, productID: productId, purchasedAt: purchaseDate,
            originalPurchasedAt: originalPurchaseDate, expiresAt: expiresDate, cancelledAt: revocationDate,
            cancellationReason: revocationDate == nil ? nil : revocationReason.map { String($0.rawValue) },
            isTrialPeriod: isIntroductory && offerDiscountType == .freeTrial,
            isInIntroOfferPeriod: isIntroductory && offerDiscountType != .freeTrial,
            isUpgraded: isUpgraded ?? false, ownership: inAppOwnershipType == .familyShared ? .familyShared : .purchased,
            quantity: quantity ?? 1, webOrderLineItemID: webOrderLineItemId, subscriptionGroupID: subscriptionGroupIdentifier,
            offerCodeRefName: offerType == .offerCode ? offerIdentifier : nil,
            promotionalOfferID: offerType == .promotional || offerType == .winBack ? offerIdentifier : nil,
            appAccountToken: appAccountToken?.lowercased(), observedAt: signedDate
        )
        if let price, let currency { fact.price = Money(milliunits: price, currency: currency) }
        fact.storefront = storefront
        return fact
    }
}
