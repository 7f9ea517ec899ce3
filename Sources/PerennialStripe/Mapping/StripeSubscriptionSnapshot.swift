import PerennialCore

/// Everything Stripe's API said about one subscription at one instant: the subscription, its invoices
/// with the charges that paid them, the app user id found for it, and the app's choice for `past_due`.
/// `facts()` translates it, purely.
public struct StripeSubscriptionSnapshot: Sendable, Hashable {
    public var subscription: StripeSubscription
    public var invoices: [StripeInvoiceRecord]
    /// The app user id Stripe carries for the subscription (its metadata, its customer's, its Checkout
    /// Session's `client_reference_id`), when one was found.
    public var ownerAppUserID: String?
    /// When the API was read.
    public var observedAt: Instant
    public var pastDueAccess: StripePastDueAccess

    public init(
        subscription: StripeSubscription, invoices: [StripeInvoiceRecord], ownerAppUserID: String?, observedAt: Instant,
        pastDueAccess: StripePastDueAccess
    ) {
        self.subscription = subscription
        self.invoices = invoices
        self.ownerAppUserID = ownerAppUserID
        self.observedAt = observedAt
        self.pastDueAccess = pastDueAccess
    }

    /// The subscription's key: one Stripe subscription is one Perennial subscription.
    public var key: SubscriptionKey { SubscriptionKey(store: .stripe, id: subscription.id) }

    /// Live mode is production; test mode is the sandbox.
    public var environment: StoreEnvironment { subscription.livemode == true ? .production : .sandbox }

    /// The snapshot as facts: one transaction per paid invoice, one renewal info, and the owner claim.
    public func facts() -> FactBatch {
        let transactions = transactions()
        let renewalInfo = renewalInfo(latestProductID: transactions.max { ($0.expiresAt ?? $0.purchasedAt) < ($1.expiresAt ?? $1.purchasedAt) }?.productID)
        return FactBatch(
            transactions: transactions, renewalInfos: renewalInfo.map { [$0] } ?? [],
            ownerClaims: ownerAppUserID.map { [SubscriptionOwnerClaim(subscription: key, appUserID: $0)] } ?? []
        )
    }
}
