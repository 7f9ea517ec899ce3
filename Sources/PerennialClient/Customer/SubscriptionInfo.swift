import Foundation

/// One subscription or one-time purchase of the customer, on any store.
public struct SubscriptionInfo: Sendable, Hashable, Codable {
    /// The product bought.
    public var productID: String
    /// The store that sold it.
    public var store: String
    /// The store's id for it.
    public var subscriptionID: String
    /// `trial`, `introductory`, `active`, `grace_period`, `billing_retry`, `paused`, `expired` or `revoked`.
    public var state: String
    /// When the current period ends; nil for purchases that never expire.
    public var expiresAt: Date?
    /// Whether it renews at the end of the period.
    public var willRenew: Bool?
    /// Where the customer manages it (the App Store's Subscriptions page, Play's deep link), if anywhere.
    public var managementURL: URL?
    /// Why it was revoked (`refund`, `family_sharing_revoked`), when it was.
    public var revocationReason: String?

    enum CodingKeys: String, CodingKey {
        case store, state
        case productID = "product_id"
        case subscriptionID = "subscription_id"
        case expiresAt = "expires_at"
        case willRenew = "will_renew"
        case managementURL = "management_url"
        case revocationReason = "revocation_reason"
    }
}
