/// Identifies one subscription: a store and the original transaction id every renewal shares.
public struct SubscriptionKey: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public var store: Store
    public var originalTransactionID: String

    public init(store: Store, originalTransactionID: String) {
        self.store = store
        self.originalTransactionID = originalTransactionID
    }

    public static func < (lhs: SubscriptionKey, rhs: SubscriptionKey) -> Bool {
        (lhs.store.rawValue, lhs.originalTransactionID) < (rhs.store.rawValue, rhs.originalTransactionID)
    }

    public var description: String { "\(store.rawValue):\(originalTransactionID)" }
}
