import PerennialCore

/// A signed-in browser, kept on the server so that it can be revoked: the cookie holds a random token, the
/// database only the token's SHA-256, so a copy of the database signs no one in.
public struct DashboardSession: Sendable, Hashable {
    /// The SHA-256 of the cookie's token, in hexadecimal.
    public var tokenHash: String
    public var userID: String
    public var createdAt: Instant
    /// The last request made with it (written at most once a minute).
    public var lastSeenAt: Instant
    /// When it ends whatever the use: created plus the longest a session lives.
    public var expiresAt: Instant

    public init(tokenHash: String, userID: String, createdAt: Instant, lastSeenAt: Instant, expiresAt: Instant) {
        self.tokenHash = tokenHash
        self.userID = userID
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
        self.expiresAt = expiresAt
    }
}
