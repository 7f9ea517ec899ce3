import PerennialGooglePlay
import PerennialServices

extension PlayAPIError {
    /// The error Perennial answers or queues on: Google unreachable is transient (the call is retried from
    /// the job queue); a refused key or permission is the configuration's; an unknown token is the input's.
    public var perennialError: PerennialError {
        switch kind {
        case .unavailable, .rateLimited: PerennialError(.storeUnavailable, "Google Play: \(message)")
        case .unauthorized, .forbidden, .invalidConfiguration:
            PerennialError(.storeConfigurationRejected, "Google Play refused the app's credentials: \(message)")
        case .notFound, .gone: PerennialError(.storeRecordNotFound, "Google Play does not know the purchase: \(message)")
        case .invalidRequest: PerennialError(.storeRequestRefused, "Google Play refused the request: \(message)")
        case .invalidResponse: PerennialError(.storeAPIError, "Google Play answered unexpectedly: \(message)")
        }
    }
}
