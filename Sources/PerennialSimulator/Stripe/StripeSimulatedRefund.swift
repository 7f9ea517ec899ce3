/// A simulated refund of (part of) a charge.
public struct StripeSimulatedRefund: Sendable, Hashable {
    public var id: String
    public var charge: String
    public var paymentIntent: String
    public var amount: Int64
    public var currency: String
    public var reason: String?
    public var metadata: [String: String]
    public var created: Int64
}
