/// A refund of a charge (`GET /v1/charges/{id}?expand[]=refunds`).
public struct StripeRefund: Decodable, Sendable, Hashable, Identifiable {
    public var id: String
    public var amount: Int64?
    public var currency: String?
    public var charge: StripeObjectReference?
    /// Unix seconds.
    public var created: Int64?
    /// `duplicate`, `fraudulent`, `requested_by_customer`, `expired_uncaptured_charge`; nil when none given.
    public var reason: String?
    /// `pending`, `requires_action`, `succeeded`, `failed` or `canceled`.
    public var status: String?

    public init(id: String, amount: Int64?, created: Int64?, reason: String? = nil, status: String? = "succeeded") {
        self.id = id
        self.amount = amount
        self.created = created
        self.reason = reason
        self.status = status
    }

    /// Whether the refund gives or will give the money back (not failed or cancelled).
    public var isEffective: Bool { status != "failed" && status != "canceled" }
}
