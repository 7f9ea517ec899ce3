/// The part of a PaymentIntent Perennial reads: its latest charge, to find refunds and disputes.
public struct StripePaymentIntent: Decodable, Sendable, Hashable, Identifiable {
    public var id: String
    public var latestCharge: StripeObjectReference?

    public init(id: String, latestCharge: String?) {
        self.id = id
        self.latestCharge = latestCharge.map(StripeObjectReference.init)
    }

    enum CodingKeys: String, CodingKey {
        case id, latestCharge = "latest_charge"
    }
}
