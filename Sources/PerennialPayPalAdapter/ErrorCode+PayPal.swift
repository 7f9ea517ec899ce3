import PerennialServices

extension ErrorCode {
    /// PayPal's codes.
    public static let payPal: [ErrorCode] = [.payPalNotConfigured]

    public static let payPalNotConfigured = ErrorCode(
        "paypal_not_configured", .unprocessable, "The app has no PayPal settings (`paypal`), so it takes no PayPal webhooks.")
}
