/// A PayPal plan as `GET /v1/billing/plans/{id}` answers it: its product and its billing cycles. Catalog
/// products of PayPal are named by their plan ids (`P-…`).
public struct PayPalPlan: Sendable, Hashable, Codable {
    public var id: String
    public var productID: String?
    public var name: String?
    public var status: String?
    public var billingCycles: [PayPalBillingCycle]

    public init(id: String, productID: String?, name: String?, status: String?, billingCycles: [PayPalBillingCycle]) {
        self.id = id
        self.productID = productID
        self.name = name
        self.status = status
        self.billingCycles = billingCycles
    }

    enum CodingKeys: String, CodingKey {
        case id, productID = "product_id", name, status, billingCycles = "billing_cycles"
    }

    /// The cycles in the order they run.
    public var orderedCycles: [PayPalBillingCycle] {
        billingCycles.sorted { $0.sequence < $1.sequence }
    }

    /// The regular (paid) cycle the subscription settles into.
    public var regularCycle: PayPalBillingCycle? {
        orderedCycles.last { !$0.isTrial }
    }

    /// The first cycle, when it is a free trial.
    public var freeTrial: PayPalBillingCycle? {
        orderedCycles.first.flatMap { $0.isTrial && $0.isFree ? $0 : nil }
    }
}
