/// Details of some notification types (`subtype`).
///
/// Kept raw, with the known values as constants: a value Apple adds later decodes, compares and
/// re-encodes unchanged.
public struct NotificationSubtype: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The value exactly as Apple sends it.
    public var rawValue: String

    /// Wraps a value as Apple sends it, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// A first purchase in the subscription group. (`INITIAL_BUY`)
    public static let initialBuy = NotificationSubtype(rawValue: "INITIAL_BUY")
    /// A purchase in a group the customer subscribed to before. (`RESUBSCRIBE`)
    public static let resubscribe = NotificationSubtype(rawValue: "RESUBSCRIBE")
    /// A downgrade, effective at the next renewal. (`DOWNGRADE`)
    public static let downgrade = NotificationSubtype(rawValue: "DOWNGRADE")
    /// An upgrade, effective immediately. (`UPGRADE`)
    public static let upgrade = NotificationSubtype(rawValue: "UPGRADE")
    /// Auto-renew was turned on. (`AUTO_RENEW_ENABLED`)
    public static let autoRenewEnabled = NotificationSubtype(rawValue: "AUTO_RENEW_ENABLED")
    /// Auto-renew was turned off. (`AUTO_RENEW_DISABLED`)
    public static let autoRenewDisabled = NotificationSubtype(rawValue: "AUTO_RENEW_DISABLED")
    /// Expired after the customer turned auto-renew off. (`VOLUNTARY`)
    public static let voluntary = NotificationSubtype(rawValue: "VOLUNTARY")
    /// Expired when billing retry ended without a recovery. (`BILLING_RETRY`)
    public static let billingRetry = NotificationSubtype(rawValue: "BILLING_RETRY")
    /// A price increase: expired for lack of consent, or awaiting consent. (`PRICE_INCREASE`)
    public static let priceIncrease = NotificationSubtype(rawValue: "PRICE_INCREASE")
    /// The renewal failed and the customer keeps access during the grace period. (`GRACE_PERIOD`)
    public static let gracePeriod = NotificationSubtype(rawValue: "GRACE_PERIOD")
    /// A price increase awaits the customer's consent. (`PENDING`)
    public static let pending = NotificationSubtype(rawValue: "PENDING")
    /// The customer accepted a price increase. (`ACCEPTED`)
    public static let accepted = NotificationSubtype(rawValue: "ACCEPTED")
    /// A renewal that failed before succeeded. (`BILLING_RECOVERY`)
    public static let billingRecovery = NotificationSubtype(rawValue: "BILLING_RECOVERY")
    /// Expired because the product was not for sale at renewal. (`PRODUCT_NOT_FOR_SALE`)
    public static let productNotForSale = NotificationSubtype(rawValue: "PRODUCT_NOT_FOR_SALE")
    /// A mass renewal-date extension completed for all eligible subscribers. (`SUMMARY`)
    public static let summary = NotificationSubtype(rawValue: "SUMMARY")
    /// A renewal-date extension failed for one subscription. (`FAILURE`)
    public static let failure = NotificationSubtype(rawValue: "FAILURE")
    /// An external purchase token was not reported. (`UNREPORTED`)
    public static let unreported = NotificationSubtype(rawValue: "UNREPORTED")
    /// An external purchase token is still active and must be reported. (`ACTIVE_TOKEN_REMINDER`)
    public static let activeTokenReminder = NotificationSubtype(rawValue: "ACTIVE_TOKEN_REMINDER")
    /// An external purchase token was created. (`CREATED`)
    public static let created = NotificationSubtype(rawValue: "CREATED")
}
