import PerennialAppStore

extension AppStoreServerAPIError {
    /// The error the admin API answers with: Apple's own code and message, under a status that says whose
    /// problem it is.
    var perennialError: PerennialError {
        let code = errorCode.map { "apple_\($0.rawValue)" } ?? "store_api_error"
        let message = "App Store Server API: \(errorMessage ?? "request failed")"
        if isRetryable { return PerennialError(.unavailable, code: code, message) }
        switch httpStatus {
        case 400?: return PerennialError(.badRequest, code: code, message)
        case 404?: return PerennialError(.notFound, code: code, message)
        default: return PerennialError(.badGateway, code: code, message)
        }
    }
}
