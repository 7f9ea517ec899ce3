import Hummingbird

/// The answer to `POST /v1/adyen/checkout-sessions`.
struct AdyenCheckoutResponse: ResponseEncodable {
    var subscriptionID: String
    var sessionID: String
    var sessionData: String?
    var expiresAt: String?

    enum CodingKeys: String, CodingKey {
        case subscriptionID = "subscription_id", sessionID = "session_id", sessionData = "session_data", expiresAt = "expires_at"
    }
}
