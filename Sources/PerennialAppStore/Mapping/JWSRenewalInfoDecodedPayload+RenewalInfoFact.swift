import PerennialCore

extension JWSRenewalInfoDecodedPayload {
    /// The store-neutral snapshot of verified signed renewal info, observed at its `signedDate` (else
    /// `fallbackObservedAt`); nil without an original transaction id and product.
    public func renewalInfoFact(fallbackObservedAt: Instant) -> RenewalInfoFact? {
        guard let originalTransactionId, let productId = productId ?? autoRenewProductId else { return nil }
        return RenewalInfoFact(
            store: .appStore, environment: environment?.storeEnvironment ?? .production,
            subscriptionID: originalTransactionId, productID: productId,
            willAutoRenew: autoRenewStatus.map { $0 == .on }, autoRenewProductID: autoRenewProductId,
            expirationReason: expirationIntent.map { ExpirationReason(appStoreExpirationIntent: $0.rawValue) },
            isInBillingRetryPeriod: isInBillingRetryPeriod, gracePeriodExpiresAt: gracePeriodExpiresDate,
            priceIncreaseConsent: priceIncreaseStatus.flatMap { PriceIncreaseConsent(appStoreCode: $0.rawValue) },
            offerCodeRefName: offerType == .offerCode ? offerIdentifier : nil,
            promotionalOfferID: offerType == .promotional ? offerIdentifier : nil,
            observedAt: signedDate ?? fallbackObservedAt
        )
    }
}
