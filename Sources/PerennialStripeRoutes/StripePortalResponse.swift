import Hummingbird

/// The answer to `POST /v1/customers/{app_user_id}/stripe/portal`: `{"url": "https://billing.stripe.com/…"}`.
struct StripePortalResponse: ResponseEncodable {
    var url: String
}
