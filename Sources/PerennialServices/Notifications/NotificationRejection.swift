/// The errors a refused notification is answered with, by verification outcome.
enum NotificationRejection {
    static func error(code: String) -> PerennialError {
        switch code {
        case "invalid_shared_secret":
            PerennialError(.unauthorized, code: code, "the notification's password is not the app's shared secret")
        case "invalid_app_identifier":
            PerennialError(.forbidden, code: code, "the notification is for another app")
        case "invalid_environment":
            PerennialError(.forbidden, code: code, "the notification is for another environment")
        default:
            PerennialError(.badRequest, code: code, "the notification failed verification")
        }
    }
}
