/// `POST /simulator/google/purchases/{token}/billing`: whether renewal payments fail.
struct PlayBillingRequest: Decodable {
    var fails: Bool
}
