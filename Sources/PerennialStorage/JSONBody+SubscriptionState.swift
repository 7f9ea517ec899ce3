import PerennialCore

extension JSONBody {
    /// A stored subscription state: read by `PlainJSONDecoder` when it can (customer reads decode every state
    /// they return, and `JSONDecoder`'s generic machinery cost as much as the query), otherwise by `decode`;
    /// the same value either way.
    /// Fast path for the benchmark `entitlements-http` (BENCHMARKS.md).
    static func decodeSubscriptionState(from text: String) throws -> SubscriptionState {
        if let state = PlainJSONDecoder.decode(SubscriptionState.self, from: text) { return state }
        return try decode(SubscriptionState.self, from: text)
    }
}
