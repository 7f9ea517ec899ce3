/// A Square subscription as `GET /v2/subscriptions/{id}` answers it (the fields Perennial reads).
public struct SquareSubscription: Sendable, Hashable, Codable {
    public var id: String
    public var planVariationID: String?
    public var customerID: String?
    /// `YYYY-MM-DD` dates in `timezone`.
    public var startDate: String?
    public var canceledDate: String?
    /// The date up to which the subscriber has been invoiced: not a paid-through date.
    public var chargedThroughDate: String?
    public var status: SquareSubscriptionStatus?
    /// The subscription's invoices, newest first.
    public var invoiceIDs: [String]?
    public var createdAt: String?
    public var timezone: String?
    public var actions: [SquareSubscriptionAction]?

    public init(
        id: String, planVariationID: String?, customerID: String?, startDate: String?, canceledDate: String? = nil,
        chargedThroughDate: String? = nil, status: SquareSubscriptionStatus?, invoiceIDs: [String]? = nil, createdAt: String? = nil,
        timezone: String? = nil, actions: [SquareSubscriptionAction]? = nil
    ) {
        self.id = id
        self.planVariationID = planVariationID
        self.customerID = customerID
        self.startDate = startDate
        self.canceledDate = canceledDate
        self.chargedThroughDate = chargedThroughDate
        self.status = status
        self.invoiceIDs = invoiceIDs
        self.createdAt = createdAt
        self.timezone = timezone
        self.actions = actions
    }

    enum CodingKeys: String, CodingKey {
        case id, planVariationID = "plan_variation_id", customerID = "customer_id", startDate = "start_date"
        case canceledDate = "canceled_date", chargedThroughDate = "charged_through_date", status, invoiceIDs = "invoice_ids"
        case createdAt = "created_at", timezone, actions
    }
}
