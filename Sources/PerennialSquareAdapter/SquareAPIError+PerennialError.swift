import PerennialServices
import PerennialSquare

extension SquareAPIError {
    /// The error Perennial answers or queues on: Square unreachable or failing is transient (a webhook is
    /// kept and retried); a refused token is the configuration's; an unknown subscription the input's.
    var perennialError: PerennialError {
        switch code {
        case .transport, .unavailable: PerennialError(.storeUnavailable, "Square: \(description)")
        case .unauthorized: PerennialError(.storeConfigurationRejected, "Square refused the app's access token: \(description)")
        case .notFound: PerennialError(.storeRecordNotFound, "Square does not know it: \(description)")
        case .decoding: PerennialError(.storeAPIError, "Square answered unexpectedly: \(description)")
        case .refused: PerennialError(.storeRequestRefused, "Square refused the request: \(description)")
        }
    }
}

/// Runs a call to Square, its failure as a `PerennialError`.
func callingSquare<Answer>(_ call: () async throws(SquareAPIError) -> Answer) async throws -> Answer {
    do {
        return try await call()
    } catch {
        throw error.perennialError
    }
}
