import PerennialAppStore
import PerennialServices

extension AppStoreServerAPIError {
    /// The error the admin API answers with: a code that says whose problem it is, and Apple's own error
    /// code and message in the message.
    var perennialError: PerennialError {
        let apple = errorCode.map { " \($0.rawValue)" } ?? ""
        let message = "App Store Server API error\(apple): \(errorMessage ?? "request failed")"
        if isRetryable { return PerennialError(.storeUnavailable, message) }
        switch httpStatus {
        case 400?: return PerennialError(.storeRequestRefused, message)
        case 404?: return PerennialError(.storeRecordNotFound, message)
        default: return PerennialError(.storeAPIError, message)
        }
    }
}
