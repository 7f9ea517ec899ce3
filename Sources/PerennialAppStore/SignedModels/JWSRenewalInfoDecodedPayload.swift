import PerennialCore

/// A signed renewal info's payload (`JWSRenewalInfoDecodedPayload`), field names exactly as Apple sends them.
///
/// Every field is optional and every enumeration is kept raw, so a payload with a value or a field Apple adds
/// later still decodes. Dates are `Instant`s; `renewalPrice` is in milliunits of `currency`.
public struct JWSRenewalInfoDecodedPayload: Codable, Sendable, Hashable {
    /// Why the subscription expired, once it has.
    public var expirationIntent: ExpirationIntent?
    /// The original transaction id of the subscription.
    public var originalTransactionId: String?
    /// The product the subscription renews to.
    public var autoRenewProductId: String?
    /// The product of the current period.
    public var productId: String?
    /// Whether auto-renew is on.
    public var autoRenewStatus: AutoRenewStatus?
    /// Whether the App Store is still trying to bill a failed renewal.
    public var isInBillingRetryPeriod: Bool?
    /// The customer's answer to a price increase.
    public var priceIncreaseStatus: PriceIncreaseStatus?
    /// When the billing grace period ends.
    public var gracePeriodExpiresDate: Instant?
    /// The kind of offer for the next renewal.
    public var offerType: OfferType?
    /// The offer's identifier or offer-code reference name.
    public var offerIdentifier: String?
    /// When the App Store signed this payload.
    public var signedDate: Instant?
    /// The environment that signed the renewal info.
    public var environment: AppleEnvironment?
    /// The start of the latest run of continuous subscription.
    public var recentSubscriptionStartDate: Instant?
    /// When the subscription renews next.
    public var renewalDate: Instant?
    /// The ISO 4217 currency of `renewalPrice`.
    public var currency: String?
    /// The next renewal's price in milliunits of `currency`.
    public var renewalPrice: Int64?
    /// The payment mode of the next renewal's offer.
    public var offerDiscountType: OfferDiscountType?
    /// The win-back offers the customer may redeem.
    public var eligibleWinBackOfferIds: [String]?
    /// The UUID the app attached to the purchase, as sent.
    public var appAccountToken: String?
    /// The id of the customer's app download transaction.
    public var appTransactionId: String?
    /// The duration of the next renewal's offer, ISO 8601 (`P1M`).
    public var offerPeriod: String?
    /// The billing plan of the next commitment renewal, as sent.
    public var renewalBillingPlanType: String?
    /// Commitment-plan details, kept as sent.
    public var commitmentInfo: JSONValue?
    /// Advanced Commerce API details, kept as sent.
    public var advancedCommerceInfo: JSONValue?

    /// An empty payload: every field nil.
    public init() {}

    /// Decodes every known field, ignores unknown ones, and reads dates with fractional milliseconds (Xcode).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        expirationIntent = try c.decodeIfPresent(ExpirationIntent.self, forKey: .expirationIntent)
        originalTransactionId = try c.decodeIfPresent(String.self, forKey: .originalTransactionId)
        autoRenewProductId = try c.decodeIfPresent(String.self, forKey: .autoRenewProductId)
        productId = try c.decodeIfPresent(String.self, forKey: .productId)
        autoRenewStatus = try c.decodeIfPresent(AutoRenewStatus.self, forKey: .autoRenewStatus)
        isInBillingRetryPeriod = try c.decodeIfPresent(Bool.self, forKey: .isInBillingRetryPeriod)
        priceIncreaseStatus = try c.decodeIfPresent(PriceIncreaseStatus.self, forKey: .priceIncreaseStatus)
        gracePeriodExpiresDate = try c.decodeAppleDate(forKey: .gracePeriodExpiresDate)
        offerType = try c.decodeIfPresent(OfferType.self, forKey: .offerType)
        offerIdentifier = try c.decodeIfPresent(String.self, forKey: .offerIdentifier)
        signedDate = try c.decodeAppleDate(forKey: .signedDate)
        environment = try c.decodeIfPresent(AppleEnvironment.self, forKey: .environment)
        recentSubscriptionStartDate = try c.decodeAppleDate(forKey: .recentSubscriptionStartDate)
        renewalDate = try c.decodeAppleDate(forKey: .renewalDate)
        currency = try c.decodeIfPresent(String.self, forKey: .currency)
        renewalPrice = try c.decodeIfPresent(Int64.self, forKey: .renewalPrice)
        offerDiscountType = try c.decodeIfPresent(OfferDiscountType.self, forKey: .offerDiscountType)
        eligibleWinBackOfferIds = try c.decodeIfPresent([String].self, forKey: .eligibleWinBackOfferIds)
        appAccountToken = try c.decodeIfPresent(String.self, forKey: .appAccountToken)
        appTransactionId = try c.decodeIfPresent(String.self, forKey: .appTransactionId)
        offerPeriod = try c.decodeIfPresent(String.self, forKey: .offerPeriod)
        renewalBillingPlanType = try c.decodeIfPresent(String.self, forKey: .renewalBillingPlanType)
        commitmentInfo = try c.decodeIfPresent(JSONValue.self, forKey: .commitmentInfo)
        advancedCommerceInfo = try c.decodeIfPresent(JSONValue.self, forKey: .advancedCommerceInfo)
    }
}
