/// A charge (`GET /v1/charges/{id}`): whether it was refunded or disputed. It reaches its invoice only
/// through invoice payments (by its PaymentIntent).
public struct StripeCharge: Decodable, Sendable, Hashable, Identifiable {
    public var id: String
    public var amount: Int64?
    public var amountCaptured: Int64?
    public var amountRefunded: Int64?
    public var currency: String?
    /// Whether the charge was refunded in full.
    public var refunded: Bool?
    /// Whether a dispute was opened on the charge.
    public var disputed: Bool?
    public var paid: Bool?
    /// `succeeded`, `pending` or `failed`.
    public var status: String?
    public var paymentIntent: StripeObjectReference?
    public var customer: StripeObjectReference?
    /// Present when the request expanded them (`expand[]=refunds`).
    public var refunds: StripeList<StripeRefund>?
    /// Unix seconds.
    public var created: Int64?
    public var livemode: Bool?

    public init(id: String, amount: Int64?, refunded: Bool?, disputed: Bool?, paymentIntent: String?, refunds: [StripeRefund] = []) {
        self.id = id
        self.amount = amount
        self.refunded = refunded
        self.disputed = disputed
        self.paymentIntent = paymentIntent.map(StripeObjectReference.init)
        self.refunds = StripeList(data: refunds, hasMore: false)
    }

    enum CodingKeys: String, CodingKey {
        case id, amount, currency, refunded, disputed, paid, status, customer, refunds, created, livemode
        case amountCaptured = "amount_captured", amountRefunded = "amount_refunded", paymentIntent = "payment_intent"
    }
}
