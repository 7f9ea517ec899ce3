import PerennialServices

extension ErrorCode {
    /// Adyen's codes.
    public static let adyen: [ErrorCode] = [.adyenNotConfigured, .adyenSubscriptionNotFound, .adyenSubscriptionEnded]

    public static let adyenNotConfigured = ErrorCode(
        "adyen_not_configured", .unprocessable, "The app has no Adyen settings (`adyen`), or no plan for the product, so it sells nothing through Adyen.")

    public static let adyenSubscriptionNotFound = ErrorCode(
        "adyen_subscription_not_found", .notFound, "The customer has no Adyen subscription with this id.")

    public static let adyenSubscriptionEnded = ErrorCode(
        "adyen_subscription_ended", .conflict, "The Adyen subscription was refunded or lapsed for billing: it cannot renew again; the customer buys anew.")
}
