import PerennialCore

/// What identifies a row of an app by a store's id (a transaction's, a subscription's): the store and the id,
/// compared byte for byte as the database compares them (not by Swift's canonical equivalence); ordered by
/// store, then id.
struct StoreRowKey: Hashable, Comparable, Sendable {
    var store: Store
    var id: ExactString

    init(store: Store, id: String) {
        self.store = store
        self.id = ExactString(id)
    }

    /// A subscription's row.
    init(_ key: SubscriptionKey) {
        self.init(store: key.store, id: key.id)
    }

    static func < (lhs: StoreRowKey, rhs: StoreRowKey) -> Bool {
        (lhs.store.rawValue, lhs.id) < (rhs.store.rawValue, rhs.id)
    }
}
