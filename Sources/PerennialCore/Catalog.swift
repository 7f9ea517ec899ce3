/// The products of one app, looked up by identifier and store. A product declared without a store is that
/// identifier on every store; one declared for a store (`store: google`) is that store's alone and wins over
/// a store-less one with the same identifier, so the same id may mean different things on two stores.
public struct Catalog: Sendable, Hashable {
    private var productsByKey: [Key: Product]

    /// Byte-exact ids: a product id a store sends matches only the same bytes.
    private struct Key: Hashable {
        var id: ExactString
        var store: Store?

        init(id: String, store: Store?) {
            self.id = ExactString(id)
            self.store = store
        }
    }

    public init(products: [Product]) {
        productsByKey = Dictionary(products.map { (Key(id: $0.id, store: $0.store), $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The product with this identifier on `store`: the store's own declaration, else the store-less one.
    public func product(_ id: String, store: Store) -> Product? {
        productsByKey[Key(id: id, store: store)] ?? productsByKey[Key(id: id, store: nil)]
    }

    /// The product with this identifier whatever the store: the store-less declaration, else the first
    /// store's (by store name).
    public func product(_ id: String) -> Product? {
        productsByKey[Key(id: id, store: nil)]
            ?? productsByKey.filter { $0.key.id.text.isExactly(id) }.min { ($0.key.store?.rawValue ?? "") < ($1.key.store?.rawValue ?? "") }?.value
    }

    /// Every product, sorted by identifier, then store.
    public var products: [Product] {
        productsByKey.values.sorted { ($0.id, $0.store?.rawValue ?? "") < ($1.id, $1.store?.rawValue ?? "") }
    }
}
