import PerennialCore

/// A customer and the stored states of every subscription (and one-time purchase) it owns, as one read saw
/// them (see `Ledger.customerWithSubscriptions`).
public struct CustomerSnapshot: Sendable, Hashable {
    public var customer: CustomerRecord
    /// The stored states, sorted by key. A state may be outdated (`validUntil` has passed): the reader folds
    /// its facts again.
    public var subscriptions: [SubscriptionState]

    public init(customer: CustomerRecord, subscriptions: [SubscriptionState]) {
        self.customer = customer
        self.subscriptions = subscriptions
    }
}
