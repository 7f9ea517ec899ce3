/// The JOSE header of an App Store Server API bearer token: `{"alg":"ES256","kid":…,"typ":"JWT"}`.
public struct ServerAPIJWTHeader: Sendable, Hashable, Codable {
    /// The signing algorithm; always `ES256`.
    public var alg: String
    /// The private key's identifier from App Store Connect.
    public var kid: String
    /// The token type; always `JWT`.
    public var typ: String

    /// Creates a header for a key id, with `alg` ES256 and `typ` JWT.
    public init(kid: String, alg: String = "ES256", typ: String = "JWT") {
        self.alg = alg
        self.kid = kid
        self.typ = typ
    }
}
