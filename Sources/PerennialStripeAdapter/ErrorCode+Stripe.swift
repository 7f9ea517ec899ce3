import PerennialServices

extension ErrorCode {
    /// Stripe's codes.
    public static let stripe: [ErrorCode] = [
        .stripeNotConfigured, .stripeCustomerNotFound
    ]

    public static let stripeNotConfigured = ErrorCode("stripe_not_configured", .unprocessable, "The app has no Stripe settings (`stripe`), or none for Checkout, so it takes no Stripe webhooks or web purchases.")
    public static let stripeCustomerNotFound = ErrorCode("stripe_customer_not_found", .notFound, "The customer owns no Stripe subscription, so there is no Stripe customer to open a billing portal for.")
}
