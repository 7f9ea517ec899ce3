/// A PayPal subscription as `GET /v1/billing/subscriptions/{id}` answers it (the fields Perennial reads;
/// others are ignored).
public struct PayPalSubscription: Sendable, Hashable, Codable {
    /// `I-…`.
    public var id: String
    public var planID: String?
    public var status: PayPalSubscriptionStatus?
    public var statusChangeNote: String?
    public var statusUpdateTime: String?
    public var startTime: String?
    public var createTime: String?
    /// The merchant's own reference, set when the subscription was created: Perennial puts the app user id
    /// there.
    public var customID: String?
    public var quantity: String?
    public var billingInfo: PayPalBillingInfo?

    public init(
        id: String, planID: String?, status: PayPalSubscriptionStatus?, statusChangeNote: String? = nil, statusUpdateTime: String? = nil,
        startTime: String? = nil, createTime: String? = nil, customID: String? = nil, quantity: String? = nil,
        billingInfo: PayPalBillingInfo? = nil
    ) {
        self.id = id
        self.planID = planID
        self.status = status
        self.statusChangeNote = statusChangeNote
        self.statusUpdateTime = statusUpdateTime
        self.startTime = startTime
        self.createTime = createTime
        self.customID = customID
        self.quantity = quantity
        self.billingInfo = billingInfo
    }

    enum CodingKeys: String, CodingKey {
        case id, planID = "plan_id", status, statusChangeNote = "status_change_note", statusUpdateTime = "status_update_time"
        case startTime = "start_time", createTime = "create_time", customID = "custom_id", quantity
        case billingInfo = "billing_info"
    }
}
