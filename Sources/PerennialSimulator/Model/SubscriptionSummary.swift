import PerennialCore

/// One simulated auto-renewable subscription as it stands now, for the control API and tests.
public struct SubscriptionSummary: Sendable, Hashable, Codable {
    public var originalTransactionID: String
    public var environment: StoreEnvironment
    public var account: String
    public var bundleID: String
    /// The product of the current (or last) period.
    public var productID: String
    /// The product the next renewal will charge (differs while a downgrade or crossgrade is pending).
    public var renewalProductID: String
    /// `trial`, `intro`, `active`, `grace_period`, `billing_retry`, `expired` or `revoked`.
    public var status: String
    public var autoRenew: Bool
    /// The test switch that makes renewals fail to charge.
    public var billingFailing: Bool
    /// The end of the current (or last) period.
    public var expiresAt: Instant
    public var gracePeriodExpiresAt: Instant?
    public var expirationIntent: Int?
    /// `notified`, `consented` or `declined`, while a price increase is pending.
    public var priceIncrease: String?
    public var renewalCount: Int
    public var ownership: Ownership
    /// For a family-shared subscription: the purchaser's original transaction id.
    public var sharedFrom: String?
    /// For a purchaser: the accounts it shares with.
    public var familyMembers: [String]
    public var latestTransactionID: String
    /// Every transaction, oldest first.
    public var transactionIDs: [String]

    enum CodingKeys: String, CodingKey {
        case environment, account, status, ownership
        case originalTransactionID = "original_transaction_id"
        case bundleID = "bundle_id"
        case productID = "product_id"
        case renewalProductID = "renewal_product_id"
        case autoRenew = "auto_renew"
        case billingFailing = "billing_failing"
        case expiresAt = "expires_at_ms"
        case gracePeriodExpiresAt = "grace_period_expires_at_ms"
        case expirationIntent = "expiration_intent"
        case priceIncrease = "price_increase"
        case renewalCount = "renewal_count"
        case sharedFrom = "shared_from"
        case familyMembers = "family_members"
        case latestTransactionID = "latest_transaction_id"
        case transactionIDs = "transaction_ids"
    }
}
