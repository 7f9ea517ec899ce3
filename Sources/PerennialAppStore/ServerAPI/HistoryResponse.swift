/// One page of Get Transaction History: up to 20 signed transactions and the token of the next page.
public struct HistoryResponse: Sendable, Hashable, Codable {
    /// The token to request the next page with.
    public var revision: String?
    /// Whether more transactions follow.
    public var hasMore: Bool?
    /// The app's bundle id.
    public var bundleId: String?
    /// The app's App Store identifier.
    public var appAppleId: Int64?
    /// The environment that answered.
    public var environment: ServerAPIEnvironment?
    /// The transactions as JWS strings.
    public var signedTransactions: [String]?

    /// Creates a response.
    public init(
        revision: String? = nil, hasMore: Bool? = nil, bundleId: String? = nil, appAppleId: Int64? = nil,
        environment: ServerAPIEnvironment? = nil, signedTransactions: [String]? = nil
    ) {
        self.revision = revision
        self.hasMore = hasMore
        self.bundleId = bundleId
        self.appAppleId = appAppleId
        self.environment = environment
        self.signedTransactions = signedTransactions
    }
}
