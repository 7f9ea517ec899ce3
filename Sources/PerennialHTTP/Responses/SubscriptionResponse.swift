import PerennialCore

/// A subscription or one-time purchase as the API shows it. Absent values are `null`, never omitted.
/// `subscription_id` is the store's id for it, whatever the store; `original_transaction_id` repeats it for
/// the App Store (its name there) and is null for other stores.
struct SubscriptionResponse: Encodable {
    let state: SubscriptionState

    init(_ state: SubscriptionState) { self.state = state }

    enum CodingKeys: String, CodingKey {
        case store, environment, ownership, state
        case subscriptionID = "subscription_id", originalTransactionID = "original_transaction_id", productID = "product_id", productType = "product_type"
        case periodType = "period_type", expirationReason = "expiration_reason", revocationReason = "revocation_reason"
        case cancellationReason = "cancellation_reason", expiresAt = "expires_at"
        case gracePeriodExpiresAt = "grace_period_expires_at", billingIssueDetectedAt = "billing_issue_detected_at"
        case revokedAt = "revoked_at", willRenew = "will_renew", renewsToProductID = "renews_to_product_id"
        case renewalCount = "renewal_count", originalPurchaseDate = "original_purchase_date"
        case latestPurchaseDate = "latest_purchase_date", latestTransactionID = "latest_transaction_id"
        case offerCodeRefName = "offer_code_ref_name", promotionalOfferID = "promotional_offer_id"
        case priceIncreaseConsent = "price_increase_consent", resumesAt = "resumes_at"
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(state.key.store.rawValue, forKey: .store)
        try c.encode(state.key.id, forKey: .subscriptionID)
        try c.encode(state.key.appStoreOriginalTransactionID, forKey: .originalTransactionID)
        try c.encode(state.productID, forKey: .productID)
        try c.encode(state.productType.rawValue, forKey: .productType)
        try c.encode(state.status.rawValue, forKey: .state)
        try c.encode(state.periodType.rawValue, forKey: .periodType)
        try c.encode(state.expirationReason?.rawValue, forKey: .expirationReason)
        try c.encode(state.revocationReason?.rawValue, forKey: .revocationReason)
        try c.encode(state.cancellationReason, forKey: .cancellationReason)
        try c.encode(state.expiresAt?.iso8601, forKey: .expiresAt)
        try c.encode(state.gracePeriodExpiresAt?.iso8601, forKey: .gracePeriodExpiresAt)
        try c.encode(state.billingIssueDetectedAt?.iso8601, forKey: .billingIssueDetectedAt)
        try c.encode(state.revokedAt?.iso8601, forKey: .revokedAt)
        try c.encode(state.willRenew, forKey: .willRenew)
        try c.encode(state.productType == .autoRenewable ? state.renewsToProductID : nil, forKey: .renewsToProductID)
        try c.encode(state.resumesAt?.iso8601, forKey: .resumesAt)
        try c.encode(state.renewalCount, forKey: .renewalCount)
        try c.encode(state.originalPurchasedAt.iso8601, forKey: .originalPurchaseDate)
        try c.encode(state.latestPurchasedAt.iso8601, forKey: .latestPurchaseDate)
        try c.encode(state.latestTransactionID, forKey: .latestTransactionID)
        try c.encode(state.ownership.rawValue, forKey: .ownership)
        try c.encode(state.environment.rawValue, forKey: .environment)
        try c.encode(state.offerCodeRefName, forKey: .offerCodeRefName)
        try c.encode(state.promotionalOfferID, forKey: .promotionalOfferID)
        try c.encode(state.priceIncreaseConsent?.rawValue, forKey: .priceIncreaseConsent)
    }
}
