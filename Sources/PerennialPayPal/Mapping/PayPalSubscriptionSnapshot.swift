import PerennialCore

/// Everything PayPal's API said about one subscription at one instant: the subscription, its plan, its
/// transactions, and when refunds PayPal announced happened. `facts()` translates it, purely.
public struct PayPalSubscriptionSnapshot: Sendable, Hashable {
    public var subscription: PayPalSubscription
    /// The subscription's plan (its cycles give each payment's period, and a free trial's).
    public var plan: PayPalPlan?
    public var transactions: [PayPalTransaction]
    /// When PayPal refunded or reversed a sale, by sale id, as its `PAYMENT.SALE.REFUNDED|REVERSED` events
    /// said; a refunded sale without one is taken as refunded when it was read.
    public var refundedAt: [String: Instant]
    public var environment: StoreEnvironment
    /// When the API was read.
    public var observedAt: Instant

    public init(
        subscription: PayPalSubscription, plan: PayPalPlan?, transactions: [PayPalTransaction], refundedAt: [String: Instant] = [:],
        environment: StoreEnvironment, observedAt: Instant
    ) {
        self.subscription = subscription
        self.plan = plan
        self.transactions = transactions
        self.refundedAt = refundedAt
        self.environment = environment
        self.observedAt = observedAt
    }

    /// One PayPal subscription is one Perennial subscription.
    public var key: SubscriptionKey { SubscriptionKey(store: .payPal, id: subscription.id) }

    /// The snapshot as facts: a transaction per payment collected (and the free trial's), the renewal info,
    /// the owner PayPal carries in `custom_id`, and each sale id as a name of the subscription (a refund
    /// event names the sale, not the subscription). Nothing before the buyer approved it.
    public func facts() -> FactBatch {
        guard let status = subscription.status, status != .approvalPending, status != .approved else { return FactBatch() }
        let transactions = transactionFacts()
        let owner = subscription.customID.flatMap { $0.isEmpty ? nil : SubscriptionOwnerClaim(subscription: key, appUserID: $0) }
        return FactBatch(
            transactions: transactions, renewalInfos: renewalInfo(status: status).map { [$0] } ?? [],
            ownerClaims: owner.map { [$0] } ?? [],
            storeReferences: self.transactions.filter(\.status.wasCollected).map { StoreReference(subscription: key, reference: $0.id) }
        )
    }
}
