import PerennialOutbound
import PerennialStoreModule

/// Runs a call to PayPal, its failure as a `PerennialError`.
func callingPayPal<Answer>(_ call: () async throws(StoreAPIError) -> Answer) async throws -> Answer {
    try await callingStore("PayPal", credentials: "client id and secret", call)
}
