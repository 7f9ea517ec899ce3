/// The products of one app, looked up by identifier.
public struct Catalog: Sendable, Hashable {
    /// Every product, by its identifier.
    public private(set) var productsByID: [String: Product]

    public init(products: [Product]) {
        productsByID = Dictionary(products.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The product with this identifier, if the app declared it.
    public func product(_ id: String) -> Product? { productsByID[id] }

    /// Every product, sorted by identifier.
    public var products: [Product] { productsByID.values.sorted { $0.id < $1.id } }
}
