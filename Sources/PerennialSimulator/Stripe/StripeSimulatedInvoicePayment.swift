/// The link from an invoice to the payment intent (and so the charge) that paid it.
public struct StripeSimulatedInvoicePayment: Sendable, Hashable {
    public var id: String
    public var invoice: String
    public var paymentIntent: String
    /// The charge that paid it (not rendered: Stripe names the payment intent; used for filtering).
    public var charge: String?
    public var amountRequested: Int64
    public var amountPaid: Int64?
    public var currency: String
    /// `open`, `paid` or `canceled`.
    public var status: String
    public var paidAt: Int64?
    public var created: Int64
}
