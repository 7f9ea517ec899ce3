import PerennialCore

extension PendingRenewalInfo {
    /// This entry as a renewal-info snapshot observed at `observedAt`, or nil when it lacks
    /// `original_transaction_id`, or both `product_id` and `auto_renew_product_id`.
    public func renewalInfoFact(environment: StoreEnvironment, observedAt: Instant) -> RenewalInfoFact? {
        guard
            let originalTransactionID = fields.identifier("original_transaction_id"),
            let productID = fields.identifier("product_id") ?? fields.identifier("auto_renew_product_id")
        else { return nil }
        return RenewalInfoFact(
            store: .appStore, environment: environment, originalTransactionID: originalTransactionID,
            productID: productID, willAutoRenew: autoRenewStatus,
            autoRenewProductID: fields.identifier("auto_renew_product_id"),
            expirationReason: expirationIntent.map { ExpirationReason(appStoreExpirationIntent: Int(clamping: $0)) },
            isInBillingRetryPeriod: isInBillingRetryPeriod, gracePeriodExpiresAt: gracePeriodExpiresDate,
            priceConsentStatus: fields.identifier("price_consent_status"),
            offerCodeRefName: fields.identifier("offer_code_ref_name"),
            promotionalOfferID: fields.identifier("promotional_offer_id"), observedAt: observedAt
        )
    }
}
