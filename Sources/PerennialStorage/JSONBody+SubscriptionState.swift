import PerennialCore

extension JSONBody {
    /// A stored subscription state: read directly when it has the form `encode` writes (see
    /// `SubscriptionStateBody`), otherwise by `decode`; the same value either way.
    static func decodeSubscriptionState(from text: String) throws -> SubscriptionState {
        if let state = SubscriptionStateBody.decode(text) { return state }
        return try decode(SubscriptionState.self, from: text)
    }
}
