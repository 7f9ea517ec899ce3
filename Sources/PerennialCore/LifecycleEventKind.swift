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
    /// A customer's identifying data was erased; recorded under the pseudonym that replaced their id, with the
    /// key `SubscriptionKey(store: .identity, id: pseudonym)`.
    case customerErased = "customer_erased"
    /// An event recorded earlier is no longer supported by the subscription's fuller history (facts that
    /// arrived out of order changed what a transaction was). `details`: `retracted_event_id`,
    /// `retracted_kind`. The retracted event stays stored, marked, so what was sent can be explained.
    case eventRetracted = "event_retracted"
    /// The app reported a paywall event (`details`: `type` — `shown`, `closed`, `purchase_started`,
    /// `purchase_cancelled` —, `placement`, `event_id`, and when known `paywall_id`, `package_id`, `revision`,
    /// `experiment_id`, `variant_id`). Kept under the key `SubscriptionKey(store: .identity, id: app user id)`.
    case paywallEvent = "paywall_event"

    /// Kinds the event deriver never derives from facts; a recorded one is never retracted.
    public var isRecordedBeside: Bool {
        switch self {
        case .transferred, .aliasMerged, .customerErased, .eventRetracted, .paywallEvent: true
        default: false
        }
    }
}
