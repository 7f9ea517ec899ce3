/// A Square invoice as `GET /v2/invoices/{id}` answers it: a subscription bills one per period.
public struct SquareInvoice: Sendable, Hashable, Codable {
    public var id: String
    public var status: SquareInvoiceStatus?
    public var subscriptionID: String?
    /// `YYYY-MM-DD`: the first day of the period a subscription's invoice bills.
    public var saleOrServiceDate: String?
    public var paymentRequests: [SquarePaymentRequest]?
    public var createdAt: String?
    public var updatedAt: String?

    public init(
        id: String, status: SquareInvoiceStatus?, subscriptionID: String?, saleOrServiceDate: String?, paymentRequests: [SquarePaymentRequest]?,
        createdAt: String? = nil, updatedAt: String? = nil
    ) {
        self.id = id
        self.status = status
        self.subscriptionID = subscriptionID
        self.saleOrServiceDate = saleOrServiceDate
        self.paymentRequests = paymentRequests
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, status, subscriptionID = "subscription_id", saleOrServiceDate = "sale_or_service_date"
        case paymentRequests = "payment_requests", createdAt = "created_at", updatedAt = "updated_at"
    }

    /// What the invoice asks for.
    public var amount: SquareMoney? { paymentRequests?.first?.computedAmountMoney }

    /// The first payment request's due date (`YYYY-MM-DD`).
    public var dueDate: String? { paymentRequests?.first?.dueDate }
}
