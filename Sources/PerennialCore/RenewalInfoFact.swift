/// A snapshot of what the store will do at the next renewal (App Store `pending_renewal_info`, signed
/// renewal info). Snapshots are facts too: the engine uses the one observed last.
public struct RenewalInfoFact: Sendable, Hashable, Codable {
    public var store: Store
    public var environment: StoreEnvironment
    /// The store's id for the subscription (the `id` of its `subscriptionKey`).
    public var subscriptionID: String
    /// The product of the current period.
    public var productID: String
    /// Whether the subscription will renew (`auto_renew_status`); nil when the store did not say.
    public var willAutoRenew: Bool?
    /// The product it renews to, when the customer downgraded or crossgraded (`auto_renew_product_id`).
    public var autoRenewProductID: String?
    /// Why it expired (`expiration_intent`), once it has.
    public var expirationReason: ExpirationReason?
    /// The store is still trying to collect payment (`is_in_billing_retry_period`).
    public var isInBillingRetryPeriod: Bool?
    /// Access continues until this instant while billing is retried (`grace_period_expires_date_ms`).
    public var gracePeriodExpiresAt: Instant?
    /// The customer paused the subscription until this instant (no access meanwhile; the store resumes and
    /// renews it then), when the store says. The App Store has no pause; Google Play and Stripe do.
    public var pausedUntil: Instant?
    /// When the store ended the subscription before the period it paid for was over, without a refund
    /// (Stripe's immediate cancellation); nil when it ends with its period, as the App Store's and Google
    /// Play's do. Access ends then, and the subscription is expired for `expirationReason`.
    public var endedAt: Instant?
    /// Where the customer stands on a price increase, when the store said.
    public var priceIncreaseConsent: PriceIncreaseConsent?
    public var offerCodeRefName: String?
    public var promotionalOfferID: String?
    /// When this snapshot was true (the receipt's request date, the payload's signed date). The latest wins.
    public var observedAt: Instant

    public init(
        store: Store, environment: StoreEnvironment, subscriptionID: String,
        productID: String, willAutoRenew: Bool? = nil, autoRenewProductID: String? = nil,
        expirationReason: ExpirationReason? = nil, isInBillingRetryPeriod: Bool? = nil,
        gracePeriodExpiresAt: Instant? = nil, priceIncreaseConsent: PriceIncreaseConsent? = nil,
        offerCodeRefName: String? = nil, promotionalOfferID: String? = nil, observedAt: Instant
    ) {
        self.store = store
        self.environment = environment
        self.subscriptionID = subscriptionID
        self.productID = productID
        self.willAutoRenew = willAutoRenew
        self.autoRenewProductID = autoRenewProductID
        self.expirationReason = expirationReason
        self.isInBillingRetryPeriod = isInBillingRetryPeriod
        self.gracePeriodExpiresAt = gracePeriodExpiresAt
        self.priceIncreaseConsent = priceIncreaseConsent
        self.offerCodeRefName = offerCodeRefName
        self.promotionalOfferID = promotionalOfferID
        self.observedAt = observedAt
    }

    public var subscriptionKey: SubscriptionKey {
        SubscriptionKey(store: store, id: subscriptionID)
    }
}
