import PerennialCore

/// One transaction in a verifyReceipt response: an entry of `receipt.in_app` or of `latest_receipt_info`.
/// Accessors read Apple's keys leniently; `fields` keeps everything Apple sent, unknown keys included.
public struct InAppPurchaseReceipt: Sendable, Hashable, Codable {
    public var fields: AppleFields

    public init(fields: AppleFields = AppleFields()) { self.fields = fields }
    public init(from decoder: any Decoder) throws { fields = try AppleFields(from: decoder) }
    public func encode(to encoder: any Encoder) throws { try fields.encode(to: encoder) }

    /// `quantity`: the number of consumables bought.
    public var quantity: Int64? { get { fields.integer(.quantity) } set { fields.set("quantity", newValue.map(String.init)) } }
    /// `product_id`.
    public var productID: String? { get { fields.string(.productID) } set { fields.set("product_id", newValue) } }
    /// `transaction_id`: a purchase, restore or renewal.
    public var transactionID: String? { get { fields.string(.transactionID) } set { fields.set("transaction_id", newValue) } }
    /// `original_transaction_id`: the purchase every renewal and restore refers to.
    public var originalTransactionID: String? {
        get { fields.string(.originalTransactionID) } set { fields.set("original_transaction_id", newValue) }
    }
    /// `purchase_date` / `_ms` / `_pst`: when the App Store charged the account.
    public var purchaseDate: Instant? { get { fields.instant(.purchaseDate) } set { fields.setInstant("purchase_date", newValue) } }
    /// `original_purchase_date` / `_ms` / `_pst`.
    public var originalPurchaseDate: Instant? {
        get { fields.instant(.originalPurchaseDate) } set { fields.setInstant("original_purchase_date", newValue) }
    }
    /// `expires_date` / `_ms` / `_pst`: when the subscription expires or renews.
    public var expiresDate: Instant? { get { fields.instant(.expiresDate) } set { fields.setInstant("expires_date", newValue) } }
    /// `cancellation_date` / `_ms` / `_pst`: refund, Family Sharing revocation, or upgrade.
    public var cancellationDate: Instant? {
        get { fields.instant(.cancellationDate) } set { fields.setInstant("cancellation_date", newValue) }
    }
    /// `cancellation_reason`: "1" an issue in the app, "0" another reason.
    public var cancellationReason: String? {
        get { fields.string(.cancellationReason) } set { fields.set("cancellation_reason", newValue) }
    }
    /// `web_order_line_item_id`: identifies a subscription purchase event across devices.
    public var webOrderLineItemID: String? {
        get { fields.string(.webOrderLineItemID) } set { fields.set("web_order_line_item_id", newValue) }
    }
    /// `is_trial_period`.
    public var isTrialPeriod: Bool? {
        get { fields.bool(.isTrialPeriod) } set { fields.set("is_trial_period", newValue.map { $0 ? "true" : "false" }) }
    }
    /// `is_in_intro_offer_period`.
    public var isInIntroOfferPeriod: Bool? {
        get { fields.bool(.isInIntroOfferPeriod) }
        set { fields.set("is_in_intro_offer_period", newValue.map { $0 ? "true" : "false" }) }
    }
    /// `is_upgraded`: cancelled because the customer upgraded.
    public var isUpgraded: Bool? {
        get { fields.bool(.isUpgraded) } set { fields.set("is_upgraded", newValue.map { $0 ? "true" : "false" }) }
    }
    /// `in_app_ownership_type`: `PURCHASED` or `FAMILY_SHARED`, kept raw.
    public var inAppOwnershipType: String? {
        get { fields.string(.inAppOwnershipType) } set { fields.set("in_app_ownership_type", newValue) }
    }
    /// `subscription_group_identifier`.
    public var subscriptionGroupIdentifier: String? {
        get { fields.string(.subscriptionGroupIdentifier) } set { fields.set("subscription_group_identifier", newValue) }
    }
    /// `offer_code_ref_name`: the offer code redeemed.
    public var offerCodeRefName: String? {
        get { fields.string(.offerCodeRefName) } set { fields.set("offer_code_ref_name", newValue) }
    }
    /// `promotional_offer_id`: the promotional offer redeemed.
    public var promotionalOfferID: String? {
        get { fields.string(.promotionalOfferID) } set { fields.set("promotional_offer_id", newValue) }
    }
}
