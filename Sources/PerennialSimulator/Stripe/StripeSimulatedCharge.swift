/// A simulated card charge (one payment attempt).
public struct StripeSimulatedCharge: Sendable, Hashable {
    public var id: String
    public var amount: Int64
    public var currency: String
    public var customer: String
    public var paymentIntent: String
    /// `succeeded` or `failed`.
    public var status: String
    public var failureCode: String?
    public var amountRefunded: Int64 = 0
    public var disputed = false
    public var created: Int64

    /// Fully refunded.
    public var refunded: Bool { amountRefunded >= amount && amount > 0 }
}
