/// A simulated Checkout Session in `subscription` mode.
public struct StripeSimulatedCheckoutSession: Sendable, Hashable {
    public var id: String
    public var price: String
    public var quantity: Int64
    public var customer: String?
    public var customerEmail: String?
    public var clientReferenceID: String?
    public var successURL: String?
    public var cancelURL: String?
    public var trialPeriodDays: Int64?
    public var subscriptionMetadata: [String: String]
    public var metadata: [String: String]
    /// `open`, `complete` or `expired`.
    public var status: String
    public var subscription: String?
    public var url: String
    public var created: Int64
    public var expiresAt: Int64
}
