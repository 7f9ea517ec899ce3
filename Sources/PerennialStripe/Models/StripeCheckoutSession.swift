/// A Checkout Session (`POST`/`GET /v1/checkout/sessions`).
public struct StripeCheckoutSession: Decodable, Sendable, Hashable, Identifiable {
    public var id: String
    /// `payment`, `setup` or `subscription`.
    public var mode: String?
    /// `open`, `complete` or `expired`.
    public var status: String?
    /// `paid`, `unpaid` or `no_payment_required`.
    public var paymentStatus: String?
    /// The app user id Perennial created the session for.
    public var clientReferenceID: String?
    public var customer: StripeObjectReference?
    public var subscription: StripeObjectReference?
    public var metadata: [String: String]?
    /// The page to send the customer to, while the session is open.
    public var url: String?
    public var livemode: Bool?
    /// Unix seconds.
    public var expiresAt: Int64?

    public init(id: String, mode: String?, clientReferenceID: String?, subscription: String?, url: String? = nil) {
        self.id = id
        self.mode = mode
        self.clientReferenceID = clientReferenceID
        self.subscription = subscription.map(StripeObjectReference.init)
        self.url = url
    }

    enum CodingKeys: String, CodingKey {
        case id, mode, status, customer, subscription, metadata, url, livemode
        case paymentStatus = "payment_status", clientReferenceID = "client_reference_id", expiresAt = "expires_at"
    }
}
