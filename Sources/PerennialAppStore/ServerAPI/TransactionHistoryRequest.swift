import PerennialCore

/// The filters of Get Transaction History, sent as query parameters. Every later page is asked with the
/// same filters.
public struct TransactionHistoryRequest: Sendable, Hashable {
    /// Only transactions purchased at or after this instant.
    public var startDate: Instant?
    /// Only transactions purchased before this instant.
    public var endDate: Instant?
    /// Only these products.
    public var productIds: [String]
    /// Only these product types.
    public var productTypes: [ProductType]
    /// The order, by last modification; Apple's default is ascending (oldest first).
    public var sort: Order?
    /// Only these subscription groups.
    public var subscriptionGroupIdentifiers: [String]
    /// Only purchased, or only family-shared, transactions.
    public var inAppOwnershipType: InAppOwnershipType?
    /// true: only revoked transactions; false: only transactions not revoked; nil: both.
    public var revoked: Bool?

    /// Creates filters; the default asks for everything.
    public init(
        startDate: Instant? = nil, endDate: Instant? = nil, productIds: [String] = [], productTypes: [ProductType] = [],
        sort: Order? = nil, subscriptionGroupIdentifiers: [String] = [], inAppOwnershipType: InAppOwnershipType? = nil,
        revoked: Bool? = nil
    ) {
        self.startDate = startDate
        self.endDate = endDate
        self.productIds = productIds
        self.productTypes = productTypes
        self.sort = sort
        self.subscriptionGroupIdentifiers = subscriptionGroupIdentifiers
        self.inAppOwnershipType = inAppOwnershipType
        self.revoked = revoked
    }
}
