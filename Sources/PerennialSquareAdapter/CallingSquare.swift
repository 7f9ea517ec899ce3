import PerennialOutbound
import PerennialStoreModule

/// Runs a call to Square, its failure as a `PerennialError`.
func callingSquare<Answer>(_ call: () async throws(StoreAPIError) -> Answer) async throws -> Answer {
    try await callingStore("Square", credentials: "access token", call)
}
