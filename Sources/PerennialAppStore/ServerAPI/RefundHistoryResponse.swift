/// One page of Get Refund History: up to 20 refunded or revoked transactions and the next page's token.
public struct RefundHistoryResponse: Sendable, Hashable, Codable {
    /// The transactions as JWS strings.
    public var signedTransactions: [String]?
    /// The token to request the next page with.
    public var revision: String?
    /// Whether more transactions follow.
    public var hasMore: Bool?

    /// Creates a response.
    public init(signedTransactions: [String]? = nil, revision: String? = nil, hasMore: Bool? = nil) {
        self.signedTransactions = signedTransactions
        self.revision = revision
        self.hasMore = hasMore
    }
}
