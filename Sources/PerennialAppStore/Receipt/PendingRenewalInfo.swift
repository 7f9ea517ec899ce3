import PerennialCore

/// One entry of `pending_renewal_info`: what the App Store will do at the next renewal.
public struct PendingRenewalInfo: Sendable, Hashable, Codable {
    public var fields: AppleFields

    public init(fields: AppleFields = AppleFields()) { self.fields = fields }
    public init(from decoder: any Decoder) throws { fields = try AppleFields(from: decoder) }
    public func encode(to encoder: any Encoder) throws { try fields.encode(to: encoder) }

    /// `auto_renew_product_id`: the product it renews to (differs after a downgrade or crossgrade).
    public var autoRenewProductID: String? {
        get { fields.string(.autoRenewProductID) } set { fields.set("auto_renew_product_id", newValue) }
    }
    /// `auto_renew_status`: "1" renews, "0" the customer turned renewal off.
    public var autoRenewStatus: Bool? {
        get { fields.bool(.autoRenewStatus) } set { fields.set("auto_renew_status", newValue.map { $0 ? "1" : "0" }) }
    }
    /// `expiration_intent`: 1 voluntary, 2 billing error, 3 price increase, 4 product unavailable, 5 unknown.
    public var expirationIntent: Int64? {
        get { fields.integer(.expirationIntent) } set { fields.set("expiration_intent", newValue.map(String.init)) }
    }
    /// `grace_period_expires_date` / `_ms` / `_pst`.
    public var gracePeriodExpiresDate: Instant? {
        get { fields.instant(.gracePeriodExpiresDate) } set { fields.setInstant("grace_period_expires_date", newValue) }
    }
    /// `is_in_billing_retry_period`: "1" the App Store is still trying to renew.
    public var isInBillingRetryPeriod: Bool? {
        get { fields.bool(.isInBillingRetryPeriod) }
        set { fields.set("is_in_billing_retry_period", newValue.map { $0 ? "1" : "0" }) }
    }
    /// `offer_code_ref_name`.
    public var offerCodeRefName: String? {
        get { fields.string(.offerCodeRefName) } set { fields.set("offer_code_ref_name", newValue) }
    }
    /// `original_transaction_id`.
    public var originalTransactionID: String? {
        get { fields.string(.originalTransactionID) } set { fields.set("original_transaction_id", newValue) }
    }
    /// `price_consent_status`: "1" consented to a price increase, "0" notified only.
    public var priceConsentStatus: String? {
        get { fields.string(.priceConsentStatus) } set { fields.set("price_consent_status", newValue) }
    }
    /// `product_id`: the product of the current period.
    public var productID: String? { get { fields.string(.productID) } set { fields.set("product_id", newValue) } }
    /// `promotional_offer_id`.
    public var promotionalOfferID: String? {
        get { fields.string(.promotionalOfferID) } set { fields.set("promotional_offer_id", newValue) }
    }
}
