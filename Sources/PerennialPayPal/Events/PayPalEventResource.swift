/// The fields of a webhook event's `resource` that name what it is about: a subscription (`id` of a
/// `BILLING.SUBSCRIPTION.*` event's resource), or a sale (`PAYMENT.SALE.*`: its `id`, the subscription as
/// `billing_agreement_id`, and on a refund the refunded sale as `sale_id`).
public struct PayPalEventResource: Sendable, Hashable, Codable {
    public var id: String?
    public var billingAgreementID: String?
    public var saleID: String?
    /// `custom_id` of a subscription resource.
    public var customID: String?

    public init(id: String?, billingAgreementID: String? = nil, saleID: String? = nil, customID: String? = nil) {
        self.id = id
        self.billingAgreementID = billingAgreementID
        self.saleID = saleID
        self.customID = customID
    }

    enum CodingKeys: String, CodingKey {
        case id, billingAgreementID = "billing_agreement_id", saleID = "sale_id", customID = "custom_id"
    }
}
