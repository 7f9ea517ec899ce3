/// A PayPal subscription's `status`. The set is open: a status PayPal adds later is kept as written.
public struct PayPalSubscriptionStatus: RawRepresentable, Sendable, Hashable, Codable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Created; the buyer has not approved it yet.
    public static let approvalPending = PayPalSubscriptionStatus(rawValue: "APPROVAL_PENDING")
    /// Approved by the buyer; not yet active.
    public static let approved = PayPalSubscriptionStatus(rawValue: "APPROVED")
    public static let active = PayPalSubscriptionStatus(rawValue: "ACTIVE")
    /// Suspended by the merchant, or by PayPal once failed payments passed the plan's threshold.
    public static let suspended = PayPalSubscriptionStatus(rawValue: "SUSPENDED")
    /// Cancelled: it bills no more.
    public static let cancelled = PayPalSubscriptionStatus(rawValue: "CANCELLED")
    /// Every billing cycle ran.
    public static let expired = PayPalSubscriptionStatus(rawValue: "EXPIRED")
}
