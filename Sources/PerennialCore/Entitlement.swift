/// An entitlement a customer has now, and the purchase that grants it.
public struct Entitlement: Sendable, Hashable, Codable {
    /// The entitlement's identifier ("pro").
    public var identifier: String
    public var productID: String
    public var subscription: SubscriptionKey
    /// When access ends unless renewed (in a grace period, when the grace period ends); nil for purchases
    /// that never expire.
    public var expiresAt: Instant?
    public var willRenew: Bool
    public var periodType: PeriodType
    public var isInGracePeriod: Bool
    public var billingIssueDetectedAt: Instant?
    public var ownership: Ownership
    public var environment: StoreEnvironment

    public init(
        identifier: String, productID: String, subscription: SubscriptionKey, expiresAt: Instant?,
        willRenew: Bool, periodType: PeriodType, isInGracePeriod: Bool, billingIssueDetectedAt: Instant?,
        ownership: Ownership, environment: StoreEnvironment
    ) {
        self.identifier = identifier
        self.productID = productID
        self.subscription = subscription
        self.expiresAt = expiresAt
        self.willRenew = willRenew
        self.periodType = periodType
        self.isInGracePeriod = isInGracePeriod
        self.billingIssueDetectedAt = billingIssueDetectedAt
        self.ownership = ownership
        self.environment = environment
    }

    /// The moment access ends, for comparing grants: nil (never) is the latest.
    var accessEndsAt: Int64 { expiresAt?.milliseconds ?? .max }
}
