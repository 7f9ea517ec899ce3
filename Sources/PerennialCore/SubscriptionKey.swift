/// Identifies one subscription (or one-time purchase): its store and the store's own id for it — the App
/// Store's original transaction id every renewal shares, Google Play's purchase token that began the chain,
/// Stripe's subscription id.
public struct SubscriptionKey: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public var store: Store
    /// The store's id for the subscription, unique within the store.
    public var id: String

    public init(store: Store, id: String) {
        self.store = store
        self.id = id
    }

    public static func < (lhs: SubscriptionKey, rhs: SubscriptionKey) -> Bool {
        (lhs.store.rawValue, lhs.id) < (rhs.store.rawValue, rhs.id)
    }

    public var description: String { "\(store.rawValue):\(id)" }
}
