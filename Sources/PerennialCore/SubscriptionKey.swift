/// Identifies one subscription (or one-time purchase): its store and the store's own id for it — the App
/// Store's original transaction id every renewal shares, Google Play's purchase token that began the chain,
/// Stripe's subscription id. Two keys are equal when their ids are the same bytes (`ExactString`), as the
/// database compares them.
public struct SubscriptionKey: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public var store: Store
    /// The store's id for the subscription, unique within the store.
    public var id: String

    public init(store: Store, id: String) {
        self.store = store
        self.id = id
    }

    public static func == (lhs: SubscriptionKey, rhs: SubscriptionKey) -> Bool {
        lhs.store == rhs.store && lhs.id.isExactly(rhs.id)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(store)
        hasher.combine(ExactString(id))
    }

    /// By store, then by the id's bytes.
    public static func < (lhs: SubscriptionKey, rhs: SubscriptionKey) -> Bool {
        lhs.store != rhs.store ? lhs.store.rawValue < rhs.store.rawValue : ExactString(lhs.id) < ExactString(rhs.id)
    }

    public var description: String { "\(store.rawValue):\(id)" }
}
