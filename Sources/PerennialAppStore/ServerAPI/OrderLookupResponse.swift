/// The answer of Look Up Order ID: whether the order id is valid and the transactions it contains.
public struct OrderLookupResponse: Sendable, Hashable, Codable {
    /// 0 when the order id is valid, 1 when it is not.
    public var status: OrderLookupStatus?
    /// The order's transactions as JWS strings; empty or absent for an invalid order id.
    public var signedTransactions: [String]?

    /// Creates a response.
    public init(status: OrderLookupStatus? = nil, signedTransactions: [String]? = nil) {
        self.status = status
        self.signedTransactions = signedTransactions
    }
}
