import PerennialServices

extension ErrorCode {
    /// Square's codes.
    public static let square: [ErrorCode] = [.squareNotConfigured]

    public static let squareNotConfigured = ErrorCode(
        "square_not_configured", .unprocessable, "The app has no Square settings (`square`), so it takes no Square webhooks.")
}
