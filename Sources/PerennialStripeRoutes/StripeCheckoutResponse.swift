import Hummingbird

/// The answer to `POST /v1/stripe/checkout-sessions`: `{"id": "cs_…", "url": "https://checkout.stripe.com/…"}`.
struct StripeCheckoutResponse: ResponseEncodable {
    var id: String
    var url: String
}
