/// The kinds of lifecycle event derived from a change of state.
public enum LifecycleEventKind: String, Sendable, Codable, Hashable, CaseIterable {
    case initialPurchase = "initial_purchase"
    case trialStarted = "trial_started"
    case trialConverted = "trial_converted"
    case renewal
    case autoRenewDisabled = "auto_renew_disabled"
    case autoRenewEnabled = "auto_renew_enabled"
    case billingIssue = "billing_issue"
    case billingRecovered = "billing_recovered"
    case gracePeriodStarted = "grace_period_started"
    case expiration
    case revocation
    case productChange = "product_change"
    case priceIncreaseConsent = "price_increase_consent"
    case offerRedeemed = "offer_redeemed"
    /// The customer paused the subscription; `details.resumes_at` says until when.
    case paused
    /// A subscription moved from one customer to another (both are named in its details).
    case transferred
    /// An anonymous id logged in and merged into an identified customer (`details`: `alias`,
    /// `app_user_id`, `subscriptions` moved). Kept under the key `SubscriptionKey(store: .identity, id: alias)`.
    case aliasMerged = "alias_merged"
}
