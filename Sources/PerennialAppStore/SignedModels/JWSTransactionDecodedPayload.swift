import PerennialCore

/// A signed transaction's payload (`JWSTransactionDecodedPayload`), field names exactly as Apple sends them.
///
/// Every field is optional and every enumeration is kept raw, so a payload with a value or a field Apple adds
/// later still decodes. Dates are `Instant`s (milliseconds since 1970, coded as integers); `price` is in
/// milliunits of `currency`. Build one for tests and the simulator with `init()` and assignments.
public struct JWSTransactionDecodedPayload: Codable, Sendable, Hashable {
    /// The transaction id of the first purchase of this product (or subscription).
    public var originalTransactionId: String?
    /// This transaction's id.
    public var transactionId: String?
    /// The id of the subscription purchase event across devices, renewals included.
    public var webOrderLineItemId: String?
    /// The app's bundle id.
    public var bundleId: String?
    /// The product id.
    public var productId: String?
    /// The subscription group of the product.
    public var subscriptionGroupIdentifier: String?
    /// When the App Store charged the customer.
    public var purchaseDate: Instant?
    /// The purchase date of the original transaction.
    public var originalPurchaseDate: Instant?
    /// When the subscription period expires or renews.
    public var expiresDate: Instant?
    /// The number of consumables bought.
    public var quantity: Int?
    /// The product type.
    public var type: ProductTypeV2?
    /// The UUID the app attached to the purchase, as sent.
    public var appAccountToken: String?
    /// Purchased or family shared.
    public var inAppOwnershipType: InAppOwnershipType?
    /// When the App Store signed this payload.
    public var signedDate: Instant?
    /// Why the transaction was refunded or revoked.
    public var revocationReason: AppleRevocationReason?
    /// When the transaction was refunded or revoked.
    public var revocationDate: Instant?
    /// Whether the customer upgraded to another subscription.
    public var isUpgraded: Bool?
    /// The kind of offer that applied.
    public var offerType: OfferType?
    /// The offer's identifier or offer-code reference name.
    public var offerIdentifier: String?
    /// The environment that signed the transaction.
    public var environment: AppleEnvironment?
    /// The storefront's three-letter country code.
    public var storefront: String?
    /// Apple's storefront id.
    public var storefrontId: String?
    /// Purchase or renewal.
    public var transactionReason: TransactionReason?
    /// The ISO 4217 currency of `price`.
    public var currency: String?
    /// The price in milliunits of `currency` (9990 is 9.99).
    public var price: Int64?
    /// The offer's payment mode.
    public var offerDiscountType: OfferDiscountType?
    /// The id of the customer's app download transaction.
    public var appTransactionId: String?
    /// The duration of the offer that applied, ISO 8601 (`P1M`).
    public var offerPeriod: String?
    /// How the transaction was revoked.
    public var revocationType: RevocationType?
    /// The refunded share of a prorated refund, in thousandths of a percent (50000 is 50%).
    public var revocationPercentage: Int?
    /// The billing plan of a commitment subscription, as sent.
    public var billingPlanType: String?
    /// Commitment-plan details, kept as sent.
    public var commitmentInfo: JSONValue?
    /// Advanced Commerce API details, kept as sent.
    public var advancedCommerceInfo: JSONValue?

    /// An empty payload: every field nil.
    public init() {}

    /// Decodes every known field, ignores unknown ones, and reads dates with fractional milliseconds (Xcode).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        originalTransactionId = try c.decodeIfPresent(String.self, forKey: .originalTransactionId)
        transactionId = try c.decodeIfPresent(String.self, forKey: .transactionId)
        webOrderLineItemId = try c.decodeIfPresent(String.self, forKey: .webOrderLineItemId)
        bundleId = try c.decodeIfPresent(String.self, forKey: .bundleId)
        productId = try c.decodeIfPresent(String.self, forKey: .productId)
        subscriptionGroupIdentifier = try c.decodeIfPresent(String.self, forKey: .subscriptionGroupIdentifier)
        purchaseDate = try c.decodeAppleDate(forKey: .purchaseDate)
        originalPurchaseDate = try c.decodeAppleDate(forKey: .originalPurchaseDate)
        expiresDate = try c.decodeAppleDate(forKey: .expiresDate)
        quantity = try c.decodeIfPresent(Int.self, forKey: .quantity)
        type = try c.decodeIfPresent(ProductTypeV2.self, forKey: .type)
        appAccountToken = try c.decodeIfPresent(String.self, forKey: .appAccountToken)
        inAppOwnershipType = try c.decodeIfPresent(InAppOwnershipType.self, forKey: .inAppOwnershipType)
        signedDate = try c.decodeAppleDate(forKey: .signedDate)
        revocationReason = try c.decodeIfPresent(AppleRevocationReason.self, forKey: .revocationReason)
        revocationDate = try c.decodeAppleDate(forKey: .revocationDate)
        isUpgraded = try c.decodeIfPresent(Bool.self, forKey: .isUpgraded)
        offerType = try c.decodeIfPresent(OfferType.self, forKey: .offerType)
        offerIdentifier = try c.decodeIfPresent(String.self, forKey: .offerIdentifier)
        environment = try c.decodeIfPresent(AppleEnvironment.self, forKey: .environment)
        storefront = try c.decodeIfPresent(String.self, forKey: .storefront)
        storefrontId = try c.decodeIfPresent(String.self, forKey: .storefrontId)
        transactionReason = try c.decodeIfPresent(TransactionReason.self, forKey: .transactionReason)
        currency = try c.decodeIfPresent(String.self, forKey: .currency)
        price = try c.decodeIfPresent(Int64.self, forKey: .price)
        offerDiscountType = try c.decodeIfPresent(OfferDiscountType.self, forKey: .offerDiscountType)
        appTransactionId = try c.decodeIfPresent(String.self, forKey: .appTransactionId)
        offerPeriod = try c.decodeIfPresent(String.self, forKey: .offerPeriod)
        revocationType = try c.decodeIfPresent(RevocationType.self, forKey: .revocationType)
        revocationPercentage = try c.decodeIfPresent(Int.self, forKey: .revocationPercentage)
        billingPlanType = try c.decodeIfPresent(String.self, forKey: .billingPlanType)
        commitmentInfo = try c.decodeIfPresent(JSONValue.self, forKey: .commitmentInfo)
        advancedCommerceInfo = try c.decodeIfPresent(JSONValue.self, forKey: .advancedCommerceInfo)
    }
}
