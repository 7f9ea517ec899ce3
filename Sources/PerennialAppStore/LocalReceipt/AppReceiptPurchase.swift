import PerennialCore

/// One in-app purchase of an app receipt (attribute 17): a purchase, renewal or restore.
public struct AppReceiptPurchase: Hashable, Sendable {
    /// Attribute 1701: the number of items purchased.
    public var quantity: Int?
    /// Attribute 1702: the product identifier.
    public var productID: String?
    /// Attribute 1703: the transaction identifier.
    public var transactionID: String?
    /// Attribute 1705: the transaction that started the subscription; absent in Xcode receipts.
    public var originalTransactionID: String?
    /// Attribute 1704: when the App Store charged the customer (renewals: the renewal date).
    public var purchaseDate: Instant?
    /// Attribute 1706: the purchase date of the original transaction.
    public var originalPurchaseDate: Instant?
    /// Attribute 1708: when the subscription period ends (auto-renewable subscriptions only).
    public var subscriptionExpirationDate: Instant?
    /// Attribute 1711: the subscription purchase event id, shared across devices.
    public var webOrderLineItemID: String?
    /// Attribute 1712: when Apple refunded the transaction or it was upgraded away.
    public var cancellationDate: Instant?
    /// Attribute 1713: the period is a free trial.
    public var isTrialPeriod: Bool?
    /// Attribute 1719: the period is an introductory offer.
    public var isInIntroOfferPeriod: Bool?
    /// Attributes of other types, in the order of the receipt.
    public var otherAttributes: [AppReceiptAttribute]

    /// Creates a purchase.
    public init(
        quantity: Int? = nil, productID: String? = nil, transactionID: String? = nil,
        originalTransactionID: String? = nil, purchaseDate: Instant? = nil, originalPurchaseDate: Instant? = nil,
        subscriptionExpirationDate: Instant? = nil, webOrderLineItemID: String? = nil,
        cancellationDate: Instant? = nil, isTrialPeriod: Bool? = nil, isInIntroOfferPeriod: Bool? = nil,
        otherAttributes: [AppReceiptAttribute] = []
    ) {
        self.quantity = quantity
        self.productID = productID
        self.transactionID = transactionID
        self.originalTransactionID = originalTransactionID
        self.purchaseDate = purchaseDate
        self.originalPurchaseDate = originalPurchaseDate
        self.subscriptionExpirationDate = subscriptionExpirationDate
        self.webOrderLineItemID = webOrderLineItemID
        self.cancellationDate = cancellationDate
        self.isTrialPeriod = isTrialPeriod
        self.isInIntroOfferPeriod = isInIntroOfferPeriod
        self.otherAttributes = otherAttributes
    }
}
