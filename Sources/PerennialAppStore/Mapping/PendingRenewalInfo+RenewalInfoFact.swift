import PerennialCore

extension PendingRenewalInfo {
    /// This entry as a renewal-info snapshot observed at `observedAt`, or nil when it lacks
    /// `original_transaction_id`, or both `product_id` and `auto_renew_product_id`.
    public func renewalInfoFact(environment: StoreEnvironment, observedAt: Instant) -> RenewalInfoFact? {
        guard
            let originalTransactionID = fields.identifier(.originalTransactionID),
            let productID = fields.identifier(.productID) ?? fields.identifier(.autoRenewProductID)
        else { return nil }
        return RenewalInfoFact(
            store: .appStore, environment: environment, subscriptionID: originalTransactionID,
            productID: productID, willAutoRenew: autoRenewStatus,
            autoRenewProductID: fields.identifier(.autoRenewProductID),
            expirationReason: expirationIntent.map { ExpirationReason(appStoreExpirationIntent: Int(clamping: $0)) },
            isInBillingRetryPeriod: isInBillingRetryPeriod, gracePeriodExpiresAt: gracePeriodExpiresDate,
            priceIncreaseConsent: fields.identifier(.priceConsentStatus).flatMap(Int.init).flatMap(PriceIncreaseConsent.init(appStoreCode:)),
            offerCodeRefName: fields.identifier(.offerCodeRefName),
            promotionalOfferID: fields.identifier(.promotionalOfferID), observedAt: observedAt
        )
    }
}
