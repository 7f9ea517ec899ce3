import PerennialCore

/// Everything Stripe's API said about one subscription at one instant: the subscription, its invoices
/// with the charges that paid them, the app user id found for it, and the app's choice for `past_due`.
/// `facts()` translates it, purely.
///
/// A snapshot may hold only some invoices (those new since the last read, and the one an event was about)
/// beside the transactions recorded from earlier reads (`recorded`): it then gives facts for the invoices it
/// read, and for a recorded transaction only what a new invoice changes in it (a product change's replaced
/// period).
public struct StripeSubscriptionSnapshot: Sendable, Hashable {
    public var subscription: StripeSubscription
    public var invoices: [StripeInvoiceRecord]
    /// The subscription's transactions as recorded from earlier reads, for the invoices not read this time.
    public var recorded: [TransactionFact]
    /// The app user id Stripe carries for the subscription (its metadata, its customer's, its Checkout
    /// Session's `client_reference_id`), when one was found.
    public var ownerAppUserID: String?
    /// When the API was read.
    public var observedAt: Instant
    public var pastDueAccess: StripePastDueAccess

    public init(
        subscription: StripeSubscription, invoices: [StripeInvoiceRecord], recorded: [TransactionFact] = [], ownerAppUserID: String?,
        observedAt: Instant, pastDueAccess: StripePastDueAccess
    ) {
        self.subscription = subscription
        self.invoices = invoices
        self.recorded = recorded
        self.ownerAppUserID = ownerAppUserID
        self.observedAt = observedAt
        self.pastDueAccess = pastDueAccess
    }

    /// The subscription's key: one Stripe subscription is one Perennial subscription.
    public var key: SubscriptionKey { SubscriptionKey(store: .stripe, id: subscription.id) }

    /// Live mode is production; test mode is the sandbox.
    public var environment: StoreEnvironment { subscription.livemode == true ? .production : .sandbox }

    /// The snapshot as facts: one transaction per paid invoice read, one renewal info, the owner claim, and
    /// the Stripe customer's id as a name of the subscription (support is often given a `cus_` id; a
    /// customer's first subscription keeps the name).
    public func facts() -> FactBatch {
        let transactions = transactions()
        let given = Set(transactions.map(\.transactionID))
        let known = transactions + recorded.filter { !given.contains($0.transactionID) }
        // The latest period's product: a replaced period that ends with its replacement gives way to it.
        let latest = known.max { Self.recency($0) < Self.recency($1) }
        let renewalInfo = renewalInfo(latestProductID: latest?.productID)
        return FactBatch(
            transactions: transactions, renewalInfos: renewalInfo.map { [$0] } ?? [],
            ownerClaims: ownerAppUserID.map { [SubscriptionOwnerClaim(subscription: key, appUserID: $0)] } ?? [],
            storeReferences: subscription.customer.map { [StoreReference(subscription: key, reference: $0.id)] } ?? []
        )
    }

    /// Orders periods by end, a replaced one before its replacement, then by payment and id: a total order,
    /// so the latest is the same however the transactions are listed.
    private static func recency(_ fact: TransactionFact) -> (Instant, Int, Instant, String) {
        (fact.expiresAt ?? fact.purchasedAt, fact.isUpgraded ? 0 : 1, fact.purchasedAt, fact.transactionID)
    }
}
