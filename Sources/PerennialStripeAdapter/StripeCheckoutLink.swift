/// A Checkout Session created for a customer: where to send them.
public struct StripeCheckoutLink: Sendable, Hashable {
    /// The session's id, `cs_…`.
    public var id: String
    /// Stripe's hosted payment page.
    public var url: String

    public init(id: String, url: String) {
        self.id = id
        self.url = url
    }
}
