/// One store transaction, translated from whatever the store sent (a receipt entry, a signed transaction),
/// in store-neutral terms. Facts are never edited: a later refund arrives as the same transaction again,
/// now carrying a cancellation.
public struct TransactionFact: Sendable, Hashable, Codable {
    public var store: Store
    public var environment: StoreEnvironment
    /// The store's unique id for this transaction (purchase, renewal or restore).
    public var transactionID: String
    /// The store's id for the subscription this transaction belongs to (the App Store's original
    /// transaction id, which every renewal shares); the `id` of its `subscriptionKey`.
    public var subscriptionID: String
    public var productID: String
    public var purchasedAt: Instant
    public var originalPurchasedAt: Instant?
    /// The end of the period this transaction paid for (auto-renewable subscriptions only).
    public var expiresAt: Instant?
    /// When the store refunded or revoked the transaction, or cancelled it for an upgrade.
    public var cancelledAt: Instant?
    /// The store's reason code for a refund (App Store: "1" an issue in the app, "0" another reason).
    public var cancellationReason: String?
    public var isTrialPeriod: Bool
    public var isInIntroOfferPeriod: Bool
    /// The transaction was cancelled because the customer upgraded to another product.
    public var isUpgraded: Bool
    public var ownership: Ownership
    public var quantity: Int
    public var webOrderLineItemID: String?
    public var subscriptionGroupID: String?
    /// The reference name of a redeemed offer code.
    public var offerCodeRefName: String?
    /// The identifier of a redeemed promotional offer.
    public var promotionalOfferID: String?
    /// The app's own id for the customer, set at purchase (StoreKit 2 `appAccountToken`, a UUID).
    public var appAccountToken: String?
    /// When the store vouched for this copy (a signed transaction's `signedDate`); nil when unknown
    /// (receipts). Between two dated copies, the later one decides refunds: a refund can be reversed.
    public var observedAt: Instant?
    /// What the customer paid, when the store says (App Store signed transactions; receipts do not).
    public var price: Money?
    /// The tax included in `price`, when the store reports it (Stripe's invoices do; the App Store does not).
    public var tax: Money?
    /// The storefront's country (ISO 3166-1, as the store gives it: the App Store's three letters), when the
    /// store says.
    public var storefront: String?
    /// Whether the store has recorded that the seller acknowledged this purchase; nil for stores that ask
    /// for no acknowledgement (the App Store). A store that refunds purchases nobody acknowledged (Google
    /// Play, after three days) says false until Perennial acknowledges it.
    public var isAcknowledged: Bool?

    public init(
        store: Store, environment: StoreEnvironment, transactionID: String,
        subscriptionID: String, productID: String, purchasedAt: Instant,
        originalPurchasedAt: Instant? = nil, expiresAt: Instant? = nil, cancelledAt: Instant? = nil,
        cancellationReason: String? = nil, isTrialPeriod: Bool = false, isInIntroOfferPeriod: Bool = false,
        isUpgraded: Bool = false, ownership: Ownership = .purchased, quantity: Int = 1,
        webOrderLineItemID: String? = nil, subscriptionGroupID: String? = nil,
        offerCodeRefName: String? = nil, promotionalOfferID: String? = nil, appAccountToken: String? = nil,
        observedAt: Instant? = nil, isAcknowledged: Bool? = nil
    ) {
        self.store = store
        self.environment = environment
        self.transactionID = transactionID
        self.subscriptionID = subscriptionID
        self.productID = productID
        self.purchasedAt = purchasedAt
        self.originalPurchasedAt = originalPurchasedAt
        self.expiresAt = expiresAt
        self.cancelledAt = cancelledAt
        self.cancellationReason = cancellationReason
        self.isTrialPeriod = isTrialPeriod
        self.isInIntroOfferPeriod = isInIntroOfferPeriod
        self.isUpgraded = isUpgraded
        self.ownership = ownership
        self.quantity = quantity
        self.webOrderLineItemID = webOrderLineItemID
        self.subscriptionGroupID = subscriptionGroupID
        self.offerCodeRefName = offerCodeRefName
        self.promotionalOfferID = promotionalOfferID
        self.appAccountToken = appAccountToken
        self.observedAt = observedAt
        self.isAcknowledged = isAcknowledged
    }

    /// The key that identifies the subscription this transaction belongs to.
    public var subscriptionKey: SubscriptionKey {
        SubscriptionKey(store: store, id: subscriptionID)
    }
}
