/// What `POST /sessions` answers: the session the shopper's page opens (`id`, `sessionData`), and its
/// hosted page's `url` when one was asked for.
public struct AdyenSessionResult: Sendable, Hashable, Decodable {
    public var id: String
    public var sessionData: String?
    public var url: String?
    public var expiresAt: String?

    public init(id: String, sessionData: String?, url: String? = nil, expiresAt: String? = nil) {
        self.id = id
        self.sessionData = sessionData
        self.url = url
        self.expiresAt = expiresAt
    }
}
