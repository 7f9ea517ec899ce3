/// A simulated product.
public struct StripeSimulatedProduct: Sendable, Hashable {
    public var id: String
    public var name: String
    public var active: Bool
    public var description: String?
    public var metadata: [String: String]
    public var created: Int64
}
