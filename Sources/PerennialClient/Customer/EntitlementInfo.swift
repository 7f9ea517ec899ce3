import Foundation

/// An entitlement the server listed for the customer, as it stood at the answer's request date.
public struct EntitlementInfo: Sendable, Hashable, Codable {
    /// The entitlement's identifier in the app's catalog (`pro`).
    public var identifier: String
    /// The product that grants it.
    public var productID: String
    /// When access ends; nil for purchases that never expire.
    public var expiresAt: Date?
    /// Whether the subscription renews at the end of the period.
    public var willRenew: Bool
    /// `trial`, `intro` or `normal`.
    public var periodType: String
    /// Whether billing failed and the store keeps access open meanwhile.
    public var inGracePeriod: Bool
    /// When the store first failed to collect payment, if it has.
    public var billingIssueDetectedAt: Date?
    /// The store that sold it: `app_store`, `play_store`, `stripe`…
    public var store: String
    /// `production` or `sandbox`.
    public var environment: String
    /// The store's id for the subscription.
    public var subscriptionID: String
    /// `purchased` or `family_shared`.
    public var ownership: String

    enum CodingKeys: String, CodingKey {
        case identifier, store, environment, ownership
        case productID = "product_id"
        case expiresAt = "expires_at"
        case willRenew = "will_renew"
        case periodType = "period_type"
        case inGracePeriod = "in_grace_period"
        case billingIssueDetectedAt = "billing_issue_detected_at"
        case subscriptionID = "subscription_id"
    }

    /// Whether the entitlement still gives access at `serverDate` (the server's clock).
    public func isActive(at serverDate: Date) -> Bool {
        guard let expiresAt else { return true }
        return expiresAt > serverDate
    }
}
