import PerennialCore

/// What a simulated purchase (or a Family Sharing grant) returns: the ids to follow it by and the
/// receipt the app would send to its server.
public struct PurchaseResult: Sendable, Hashable, Codable {
    public var originalTransactionID: String
    /// The transaction that grants access now (after a deferred downgrade: still the current one).
    public var transactionID: String
    /// The account's app receipt (base64 PKCS#7), for verifyReceipt's `receipt-data`.
    public var receiptData: String
    public var environment: StoreEnvironment
    /// The order id of the transaction, as on the customer's email receipt (Look Up Order ID).
    public var orderID: String?
    /// The transaction as StoreKit 2 hands it to the app (`Transaction.jwsRepresentation`): a JWS signed by
    /// the simulator's chain.
    public var signedTransactionInfo: String?
    /// Set when the purchase changed the product of an existing subscription in the same group.
    public var productChange: ProductChangeResult?

    public init(
        originalTransactionID: String, transactionID: String, receiptData: String, environment: StoreEnvironment,
        orderID: String? = nil, signedTransactionInfo: String? = nil, productChange: ProductChangeResult? = nil
    ) {
        self.orderID = orderID
        self.signedTransactionInfo = signedTransactionInfo
        self.originalTransactionID = originalTransactionID
        self.transactionID = transactionID
        self.receiptData = receiptData
        self.environment = environment
        self.productChange = productChange
    }

    enum CodingKeys: String, CodingKey {
        case environment
        case originalTransactionID = "original_transaction_id"
        case transactionID = "transaction_id"
        case receiptData = "receipt_data"
        case productChange = "product_change"
        case orderID = "order_id"
        case signedTransactionInfo = "signed_transaction_info"
    }
}
