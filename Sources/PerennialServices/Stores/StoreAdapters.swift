import PerennialCore

/// The store adapters a server runs with, by store.
public struct StoreAdapters: Sendable {
    private let byStore: [Store: any StoreAdapter]

    /// Later adapters of the same store replace earlier ones.
    public init(_ adapters: [any StoreAdapter]) {
        var byStore: [Store: any StoreAdapter] = [:]
        for adapter in adapters { byStore[adapter.store] = adapter }
        self.byStore = byStore
    }

    /// The adapter of a store, if one is registered.
    public func adapter(for store: Store) -> (any StoreAdapter)? {
        byStore[store]
    }

    /// The adapter of a store; `store_not_supported` when none is registered on this server.
    public func required(for store: Store) throws -> any StoreAdapter {
        guard let adapter = byStore[store] else {
            throw PerennialError(.storeNotSupported, "no adapter for the store \(store) is registered on this server")
        }
        return adapter
    }

    /// Every registered adapter, by store name.
    public var all: [any StoreAdapter] {
        byStore.keys.sorted { $0.rawValue < $1.rawValue }.compactMap { byStore[$0] }
    }
}
