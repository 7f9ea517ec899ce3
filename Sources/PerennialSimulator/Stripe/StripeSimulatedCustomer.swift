/// A simulated customer.
public struct StripeSimulatedCustomer: Sendable, Hashable {
    public var id: String
    public var email: String?
    public var name: String?
    public var description: String?
    public var metadata: [String: String]
    public var created: Int64
    /// The test clock it lives on, if any.
    public var testClock: String?
    /// What charging its card does from now on.
    public var cardOutcome: StripeSimulatedCardOutcome = .succeed
}
