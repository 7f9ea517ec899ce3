/// A customer-portal session (`POST /v1/billing_portal/sessions`): a short-lived link to where the
/// customer manages their subscriptions and payment methods.
public struct StripeBillingPortalSession: Decodable, Sendable, Hashable, Identifiable {
    public var id: String
    public var customer: String?
    public var url: String
    public var returnURL: String?
    public var livemode: Bool?

    public init(id: String, customer: String?, url: String) {
        self.id = id
        self.customer = customer
        self.url = url
    }

    enum CodingKeys: String, CodingKey {
        case id, customer, url, livemode, returnURL = "return_url"
    }
}
