import PerennialCore

/// What identifies a row of `subscriptions` within an app: the store and its subscription id, compared byte
/// for byte as the database compares it (not by Swift's canonical equivalence); ordered by store, then id.
struct SubscriptionRowKey: Hashable, Comparable, Sendable {
    var store: String
    var subscriptionID: ExactString

    init(_ key: SubscriptionKey) {
        store = key.store.rawValue
        subscriptionID = ExactString(key.id)
    }

    static func < (lhs: SubscriptionRowKey, rhs: SubscriptionRowKey) -> Bool {
        (lhs.store, lhs.subscriptionID) < (rhs.store, rhs.subscriptionID)
    }
}
