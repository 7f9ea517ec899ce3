/// What a request to a store is for, named for its metrics: the store and the API endpoint, never the URL
/// itself (which holds ids).
public struct HTTPTransportPurpose: Sendable, Hashable {
    /// The store's name: `app_store`, `play_store`, `stripe`.
    public var store: String
    /// The endpoint: the method and the path's template (`APIPath.template`), as `GET /v1/subscriptions/{id}`,
    /// or a name for a call with no such path (`POST /verifyReceipt`, `POST oauth2 token`).
    public var endpoint: String

    public init(store: String, endpoint: String) {
        self.store = store
        self.endpoint = endpoint
    }
}
