/// What the engine concludes about one subscription (or one-time purchase) at an instant. Derived from
/// facts, never edited.
public struct SubscriptionState: Sendable, Hashable, Codable {
    public var key: SubscriptionKey
    public var environment: StoreEnvironment
    /// The kind of product, from the catalog, or inferred from the facts when the catalog does not know it.
    public var productType: ProductType
    /// The product of the period that decides the state (after an upgrade, the new product).
    public var productID: String
    public var status: SubscriptionStatus
    public var periodType: PeriodType
    /// Why it expired, when `status` is `expired` and the store has said (or auto-renew was off); nil while
    /// the store has not reported on a period that ended with auto-renew on.
    public var expirationReason: ExpirationReason?
    /// Set when `status` is `revoked`.
    public var revocationReason: RevocationReason?
    /// The store's refund reason code, kept as sent.
    public var cancellationReason: String?
    /// When the customer first bought it.
    public var originalPurchasedAt: Instant
    /// When the period that decides the state was bought.
    public var latestPurchasedAt: Instant
    /// The end of the current (or last) paid period; nil for purchases that do not expire.
    public var expiresAt: Instant?
    /// While billing is retried, access continues until this instant.
    public var gracePeriodExpiresAt: Instant?
    /// When the store first failed to collect payment for the current billing issue.
    public var billingIssueDetectedAt: Instant?
    /// When access was revoked.
    public var revokedAt: Instant?
    /// Whether the subscription renews at the end of the period.
    public var willRenew: Bool
    /// The product it renews to; differs from `productID` when a downgrade or crossgrade is pending.
    public var renewsToProductID: String?
    public var ownership: Ownership
    /// How many times it renewed (a product change is not a renewal).
    public var renewalCount: Int
    /// The transaction that decides the state.
    public var latestTransactionID: String
    /// Whether any period so far was a free trial or an introductory offer.
    public var hasUsedIntroductoryOffer: Bool
    public var offerCodeRefName: String?
    public var promotionalOfferID: String?
    public var priceIncreaseConsent: PriceIncreaseConsent?
    /// When the renewal info the state was derived from was observed; nil when none was known.
    public var renewalInfoObservedAt: Instant?
    /// When a paused subscription resumes (the store renews it then); nil unless paused.
    public var resumesAt: Instant?

    public init(
        key: SubscriptionKey, environment: StoreEnvironment, productType: ProductType, productID: String,
        status: SubscriptionStatus, periodType: PeriodType = .normal, expirationReason: ExpirationReason? = nil,
        revocationReason: RevocationReason? = nil, cancellationReason: String? = nil,
        originalPurchasedAt: Instant, latestPurchasedAt: Instant, expiresAt: Instant? = nil,
        gracePeriodExpiresAt: Instant? = nil, billingIssueDetectedAt: Instant? = nil, revokedAt: Instant? = nil,
        willRenew: Bool = false, renewsToProductID: String? = nil, ownership: Ownership = .purchased,
        renewalCount: Int = 0, latestTransactionID: String, hasUsedIntroductoryOffer: Bool = false,
        offerCodeRefName: String? = nil, promotionalOfferID: String? = nil,
        priceIncreaseConsent: PriceIncreaseConsent? = nil
    ) {
        self.key = key
        self.environment = environment
        self.productType = productType
        self.productID = productID
        self.status = status
        self.periodType = periodType
        self.expirationReason = expirationReason
        self.revocationReason = revocationReason
        self.cancellationReason = cancellationReason
        self.originalPurchasedAt = originalPurchasedAt
        self.latestPurchasedAt = latestPurchasedAt
        self.expiresAt = expiresAt
        self.gracePeriodExpiresAt = gracePeriodExpiresAt
        self.billingIssueDetectedAt = billingIssueDetectedAt
        self.revokedAt = revokedAt
        self.willRenew = willRenew
        self.renewsToProductID = renewsToProductID
        self.ownership = ownership
        self.renewalCount = renewalCount
        self.latestTransactionID = latestTransactionID
        self.hasUsedIntroductoryOffer = hasUsedIntroductoryOffer
        self.offerCodeRefName = offerCodeRefName
        self.promotionalOfferID = promotionalOfferID
        self.priceIncreaseConsent = priceIncreaseConsent
    }

    /// Whether this grants its product's entitlements now. Consumables never grant anything lasting.
    public var grantsAccess: Bool {
        productType != .consumable && status.grantsAccess
    }
}
