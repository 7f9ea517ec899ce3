/// A simulated dispute (chargeback) on a charge.
public struct StripeSimulatedDispute: Sendable, Hashable {
    public var id: String
    public var charge: String
    public var paymentIntent: String
    public var amount: Int64
    public var currency: String
    /// `fraudulent`, `general`, `product_not_received`, …
    public var reason: String
    /// `needs_response`, `won` or `lost`.
    public var status: String
    public var created: Int64
}
