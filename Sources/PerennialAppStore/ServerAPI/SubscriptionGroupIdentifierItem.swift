/// The subscriptions of one subscription group in a `StatusResponse`.
public struct SubscriptionGroupIdentifierItem: Sendable, Hashable, Codable {
    /// The subscription group's identifier.
    public var subscriptionGroupIdentifier: String?
    /// The latest transaction of each subscription in the group.
    public var lastTransactions: [LastTransactionsItem]?

    /// Creates an item.
    public init(subscriptionGroupIdentifier: String? = nil, lastTransactions: [LastTransactionsItem]? = nil) {
        self.subscriptionGroupIdentifier = subscriptionGroupIdentifier
        self.lastTransactions = lastTransactions
    }
}
