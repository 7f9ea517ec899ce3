/// What a request to a store is for, named for its metrics: the store and the API endpoint, never the URL
/// itself (which holds ids).
public struct HTTPTransportPurpose: Sendable, Hashable {
    /// The store's name: `app_store`, `play_store`, `stripe`.
    public var store: String
    /// The endpoint, in words of the store's API: `get_transaction_history`, `subscriptions_v2.get`.
    public var endpoint: String

    public init(store: String, endpoint: String) {
        self.store = store
        self.endpoint = endpoint
    }
}
