/// A simulated price: recurring (a subscription's) or one-time.
public struct StripeSimulatedPrice: Sendable, Hashable {
    public var id: String
    public var product: String
    public var unitAmount: Int64
    public var currency: String
    /// nil for a one-time price.
    public var recurring: StripeSimulatedInterval?
    public var active: Bool
    public var nickname: String?
    public var lookupKey: String?
    public var metadata: [String: String]
    public var created: Int64
}
