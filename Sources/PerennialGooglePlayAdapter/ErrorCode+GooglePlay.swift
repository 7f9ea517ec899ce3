import PerennialServices

extension ErrorCode {
    /// Google Play's codes.
    public static let googlePlay: [ErrorCode] = [
        .googlePlayNotConfigured
    ]

    public static let googlePlayNotConfigured = ErrorCode("google_play_not_configured", .unprocessable, "The app has no Google Play settings (`google`), so it takes no Google Play purchases or notifications.")
}
