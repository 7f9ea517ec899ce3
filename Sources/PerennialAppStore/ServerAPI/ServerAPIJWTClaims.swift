/// The claims of an App Store Server API bearer token.
public struct ServerAPIJWTClaims: Sendable, Hashable, Codable {
    /// The audience Apple requires.
    public static let audience = "appstoreconnect-v1"

    /// The issuer id from the Keys page in App Store Connect.
    public var iss: String
    /// Issued at, in seconds since the Unix epoch. Optional for Apple, which accepts a token without it (its
    /// own Python library sends none); Perennial always sends it.
    public var iat: Int64?
    /// Expires at, in seconds since the Unix epoch; Apple refuses tokens that live longer than 60 minutes.
    public var exp: Int64
    /// The audience: `appstoreconnect-v1`.
    public var aud: String
    /// The app's bundle id.
    public var bid: String

    /// Creates claims; the audience defaults to `appstoreconnect-v1`.
    public init(iss: String, iat: Int64?, exp: Int64, bid: String, aud: String = Self.audience) {
        self.iss = iss
        self.iat = iat
        self.exp = exp
        self.aud = aud
        self.bid = bid
    }
}
