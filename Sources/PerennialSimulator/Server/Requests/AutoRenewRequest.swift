/// `POST /simulator/subscriptions/:id/auto-renew`.
struct AutoRenewRequest: Decodable {
    var enabled: Bool
}
