/// A dispute (chargeback) of a charge (`GET /v1/disputes/{id}`, `GET /v1/disputes?charge=…`).
public struct StripeDispute: Decodable, Sendable, Hashable, Identifiable {
    public var id: String
    public var charge: StripeObjectReference?
    public var amount: Int64?
    public var currency: String?
    /// `warning_needs_response`, `warning_under_review`, `warning_closed`, `needs_response`, `under_review`,
    /// `won`, `lost`, `prevented`, and the appeal states; kept as sent.
    public var status: String?
    /// `fraudulent`, `subscription_canceled`, `product_not_received`, …
    public var reason: String?
    /// Unix seconds: when the dispute was opened (and the funds withdrawn).
    public var created: Int64?
    public var livemode: Bool?

    public init(id: String, charge: String?, status: String?, reason: String? = nil, created: Int64?) {
        self.id = id
        self.charge = charge.map(StripeObjectReference.init)
        self.status = status
        self.reason = reason
        self.created = created
    }

    /// Whether the merchant lost it: the money is gone for good.
    public var isLost: Bool { status == "lost" }
}
