/// A store's own name for a subscription other than its id: Google Play gives each upgrade, downgrade or
/// resubscribe a new purchase token, and every token of such a chain names the subscription of its first.
/// A store adapter puts the names it met for the first time in its `FactBatch`; the ingestion records them
/// in the same write as the facts, so a later name finds its subscription, and the subscription its newest
/// name. The first record of a name stays.
public struct StoreReference: Sendable, Hashable, Codable {
    /// The subscription the name stands for (its store is the name's).
    public var subscription: SubscriptionKey
    /// The store's name (a purchase token).
    public var reference: String

    public init(subscription: SubscriptionKey, reference: String) {
        self.subscription = subscription
        self.reference = reference
    }
}
