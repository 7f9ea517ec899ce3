import PerennialOutbound
import PerennialServices

extension StoreAPIError {
    /// The error Perennial answers or queues on, for the store `store` (its name, as people write it) whose
    /// `credentials` (its client id and secret, its access token) the app configured: the store unreachable
    /// or failing is transient (a webhook is kept and retried); refused credentials are the configuration's;
    /// an unknown record the input's.
    public func perennialError(store: String, credentials: String) -> PerennialError {
        switch code {
        case .transport, .unavailable: PerennialError(.storeUnavailable, "\(store): \(description)")
        case .unauthorized: PerennialError(.storeConfigurationRejected, "\(store) refused the app's \(credentials): \(description)")
        case .notFound: PerennialError(.storeRecordNotFound, "\(store) does not know it: \(description)")
        case .decoding: PerennialError(.storeAPIError, "\(store) answered unexpectedly: \(description)")
        case .refused: PerennialError(.storeRequestRefused, "\(store) refused the request: \(description)")
        }
    }
}

/// Runs a call to a store's API, its failure as a `PerennialError` (see `StoreAPIError.perennialError`).
public func callingStore<Answer>(
    _ store: String, credentials: String, _ call: () async throws(StoreAPIError) -> Answer
) async throws -> Answer {
    do {
        return try await call()
    } catch {
        throw error.perennialError(store: store, credentials: credentials)
    }
}
