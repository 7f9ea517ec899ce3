/// A simulated payment intent: one invoice's collection, its charges one per attempt.
public struct StripeSimulatedPaymentIntent: Sendable, Hashable {
    public var id: String
    public var amount: Int64
    public var currency: String
    public var customer: String
    /// `requires_payment_method`, `requires_action`, `succeeded`, `canceled`.
    public var status: String
    public var latestCharge: String?
    public var created: Int64
}
