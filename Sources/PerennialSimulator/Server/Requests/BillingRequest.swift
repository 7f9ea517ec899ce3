/// `POST /simulator/subscriptions/:id/billing`.
struct BillingRequest: Decodable {
    /// true: renewals fail to charge; false: they succeed (recovering a subscription in billing retry).
    var failing: Bool
}
