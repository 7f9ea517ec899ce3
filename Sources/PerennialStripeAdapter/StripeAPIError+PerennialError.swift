import PerennialServices
import PerennialStripe

extension StripeAPIError {
    /// The error Perennial answers or queues on: Stripe unreachable, rate-limited or failing is transient
    /// (kind `unavailable`: a notification is kept and retried); a refused key is the configuration's; an
    /// unknown object is the input's.
    var perennialError: PerennialError {
        switch code {
        case .transport, .rateLimited, .apiError: PerennialError(.storeUnavailable, "Stripe: \(description)")
        case .authentication: PerennialError(.storeConfigurationRejected, "Stripe refused the app's key: \(description)")
        case .notFound: PerennialError(.storeRecordNotFound, "Stripe does not know it: \(description)")
        case .decoding: PerennialError(.storeAPIError, "Stripe answered unexpectedly: \(description)")
        default: PerennialError(.storeRequestRefused, "Stripe refused the request: \(description)")
        }
    }
}

/// Runs a call to Stripe, its failure as a `PerennialError`.
func callingStripe<Answer>(_ call: () async throws(StripeAPIError) -> Answer) async throws -> Answer {
    do {
        return try await call()
    } catch {
        throw error.perennialError
    }
}
