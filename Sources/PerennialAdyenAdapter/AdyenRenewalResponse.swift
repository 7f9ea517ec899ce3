import Hummingbird

/// The answer to cancelling or resuming an Adyen subscription's renewals.
struct AdyenRenewalResponse: ResponseEncodable {
    var subscriptionID: String
    var willRenew: Bool
    var expiresAt: String?

    enum CodingKeys: String, CodingKey {
        case subscriptionID = "subscription_id", willRenew = "will_renew", expiresAt = "expires_at"
    }
}
