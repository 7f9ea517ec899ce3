/// The errors a refused notification is answered with, by verification outcome.
public enum NotificationRejection {
    /// The error a notification refused for `code` is answered with, its message saying why.
    public static func error(code: ErrorCode) -> PerennialError {
        switch code {
        case .invalidSharedSecret: PerennialError(code, "the notification's password is not the app's shared secret")
        case .invalidAppIdentifier: PerennialError(code, "the notification is for another app")
        case .invalidEnvironment: PerennialError(code, "the notification is for another environment")
        default: PerennialError(code, "the notification failed verification")
        }
    }

    /// The error for a rejection stored under `code` (an `ErrorCode`'s name), one of `codes` (the store-neutral
    /// ones and the store's); `verification_failure` for a name none of them has.
    public static func error(stored code: String?, among codes: [ErrorCode]) -> PerennialError {
        error(code: codes.first { $0.rawValue == code } ?? .verificationFailure)
    }
}
