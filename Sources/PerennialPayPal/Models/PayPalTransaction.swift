/// One payment of a subscription, as `GET /v1/billing/subscriptions/{id}/transactions` lists it. Its id is
/// the sale's, which PayPal's `PAYMENT.SALE.*` events name.
public struct PayPalTransaction: Sendable, Hashable, Codable {
    public var id: String
    public var status: PayPalTransactionStatus
    public var amountWithBreakdown: PayPalAmountBreakdown?
    /// When the payment was made.
    public var time: String

    public init(id: String, status: PayPalTransactionStatus, amountWithBreakdown: PayPalAmountBreakdown?, time: String) {
        self.id = id
        self.status = status
        self.amountWithBreakdown = amountWithBreakdown
        self.time = time
    }

    enum CodingKeys: String, CodingKey {
        case id, status, amountWithBreakdown = "amount_with_breakdown", time
    }
}
