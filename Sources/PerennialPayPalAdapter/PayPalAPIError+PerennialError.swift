import PerennialPayPal
import PerennialServices

extension PayPalAPIError {
    /// The error Perennial answers or queues on: PayPal unreachable or failing is transient (a webhook is
    /// kept and retried); refused credentials are the configuration's; an unknown subscription the input's.
    var perennialError: PerennialError {
        switch code {
        case .transport, .unavailable: PerennialError(.storeUnavailable, "PayPal: \(description)")
        case .unauthorized: PerennialError(.storeConfigurationRejected, "PayPal refused the app's client id and secret: \(description)")
        case .notFound: PerennialError(.storeRecordNotFound, "PayPal does not know it: \(description)")
        case .decoding: PerennialError(.storeAPIError, "PayPal answered unexpectedly: \(description)")
        case .refused: PerennialError(.storeRequestRefused, "PayPal refused the request: \(description)")
        }
    }
}

/// Runs a call to PayPal, its failure as a `PerennialError`.
func callingPayPal<Answer>(_ call: () async throws(PayPalAPIError) -> Answer) async throws -> Answer {
    do {
        return try await call()
    } catch {
        throw error.perennialError
    }
}
