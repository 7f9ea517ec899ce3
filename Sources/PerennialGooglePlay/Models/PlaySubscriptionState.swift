/// `subscriptionState` of a SubscriptionPurchaseV2.
public struct PlaySubscriptionState: PlayRawValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let unspecified = Self(rawValue: "SUBSCRIPTION_STATE_UNSPECIFIED")
    /// Bought, payment not yet completed (cash, bank transfer): no access.
    public static let pending = Self(rawValue: "SUBSCRIPTION_STATE_PENDING")
    public static let active = Self(rawValue: "SUBSCRIPTION_STATE_ACTIVE")
    public static let paused = Self(rawValue: "SUBSCRIPTION_STATE_PAUSED")
    public static let inGracePeriod = Self(rawValue: "SUBSCRIPTION_STATE_IN_GRACE_PERIOD")
    /// Account hold: renewal failed, no access while Google retries.
    public static let onHold = Self(rawValue: "SUBSCRIPTION_STATE_ON_HOLD")
    /// Will not renew; access lasts until the line items expire.
    public static let canceled = Self(rawValue: "SUBSCRIPTION_STATE_CANCELED")
    public static let expired = Self(rawValue: "SUBSCRIPTION_STATE_EXPIRED")
    /// A pending purchase that was never paid.
    public static let pendingPurchaseCanceled = Self(rawValue: "SUBSCRIPTION_STATE_PENDING_PURCHASE_CANCELED")
}
