import PerennialOutbound
import PerennialStoreModule

/// Runs a call to Adyen, its failure as a `PerennialError`.
func callingAdyen<Answer>(_ call: () async throws(StoreAPIError) -> Answer) async throws -> Answer {
    try await callingStore("Adyen", credentials: "API key", call)
}
