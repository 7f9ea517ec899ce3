/// The event an App Store Server Notification V2 reports (`notificationType`).
///
/// Kept raw, with the known values as constants: a value Apple adds later decodes, compares and
/// re-encodes unchanged.
public struct NotificationTypeV2: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The value exactly as Apple sends it.
    public var rawValue: String

    /// Wraps a value as Apple sends it, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// The customer subscribed (see the subtype: initial buy or resubscribe). (`SUBSCRIBED`)
    public static let subscribed = NotificationTypeV2(rawValue: "SUBSCRIBED")
    /// The subscription renewed. (`DID_RENEW`)
    public static let didRenew = NotificationTypeV2(rawValue: "DID_RENEW")
    /// The renewal failed because of a billing issue. (`DID_FAIL_TO_RENEW`)
    public static let didFailToRenew = NotificationTypeV2(rawValue: "DID_FAIL_TO_RENEW")
    /// The customer changed the product the subscription renews to. (`DID_CHANGE_RENEWAL_PREF`)
    public static let didChangeRenewalPref = NotificationTypeV2(rawValue: "DID_CHANGE_RENEWAL_PREF")
    /// The customer turned auto-renew on or off. (`DID_CHANGE_RENEWAL_STATUS`)
    public static let didChangeRenewalStatus = NotificationTypeV2(rawValue: "DID_CHANGE_RENEWAL_STATUS")
    /// The customer redeemed a promotional offer or offer code. (`OFFER_REDEEMED`)
    public static let offerRedeemed = NotificationTypeV2(rawValue: "OFFER_REDEEMED")
    /// The subscription expired. (`EXPIRED`)
    public static let expired = NotificationTypeV2(rawValue: "EXPIRED")
    /// The billing grace period ended without a recovery. (`GRACE_PERIOD_EXPIRED`)
    public static let gracePeriodExpired = NotificationTypeV2(rawValue: "GRACE_PERIOD_EXPIRED")
    /// The system told the customer about a price increase. (`PRICE_INCREASE`)
    public static let priceIncrease = NotificationTypeV2(rawValue: "PRICE_INCREASE")
    /// The App Store refunded a transaction. (`REFUND`)
    public static let refund = NotificationTypeV2(rawValue: "REFUND")
    /// The App Store declined a refund request. (`REFUND_DECLINED`)
    public static let refundDeclined = NotificationTypeV2(rawValue: "REFUND_DECLINED")
    /// The App Store reversed a previously granted refund. (`REFUND_REVERSED`)
    public static let refundReversed = NotificationTypeV2(rawValue: "REFUND_REVERSED")
    /// Family Sharing access to a purchase ended. (`REVOKE`)
    public static let revoke = NotificationTypeV2(rawValue: "REVOKE")
    /// The App Store extended one subscription's renewal date. (`RENEWAL_EXTENDED`)
    public static let renewalExtended = NotificationTypeV2(rawValue: "RENEWAL_EXTENDED")
    /// A renewal-date extension for many subscribers progressed (see the subtype). (`RENEWAL_EXTENSION`)
    public static let renewalExtension = NotificationTypeV2(rawValue: "RENEWAL_EXTENSION")
    /// The customer asked for a refund and Apple asks for consumption data. (`CONSUMPTION_REQUEST`)
    public static let consumptionRequest = NotificationTypeV2(rawValue: "CONSUMPTION_REQUEST")
    /// A test notification requested through the App Store Server API. (`TEST`)
    public static let test = NotificationTypeV2(rawValue: "TEST")
    /// The customer bought a consumable, non-consumable or non-renewing subscription. (`ONE_TIME_CHARGE`)
    public static let oneTimeCharge = NotificationTypeV2(rawValue: "ONE_TIME_CHARGE")
    /// An external purchase token was created but not reported. (`EXTERNAL_PURCHASE_TOKEN`)
    public static let externalPurchaseToken = NotificationTypeV2(rawValue: "EXTERNAL_PURCHASE_TOKEN")
    /// A parent or guardian withdrew consent for a child's app use. (`RESCIND_CONSENT`)
    public static let rescindConsent = NotificationTypeV2(rawValue: "RESCIND_CONSENT")
    /// Advanced Commerce: subscription metadata changed. (`METADATA_UPDATE`)
    public static let metadataUpdate = NotificationTypeV2(rawValue: "METADATA_UPDATE")
    /// Advanced Commerce: a subscription migrated. (`MIGRATION`)
    public static let migration = NotificationTypeV2(rawValue: "MIGRATION")
    /// Advanced Commerce: a subscription price changed. (`PRICE_CHANGE`)
    public static let priceChange = NotificationTypeV2(rawValue: "PRICE_CHANGE")
}
