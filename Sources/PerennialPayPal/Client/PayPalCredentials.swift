/// A PayPal app's REST credentials: its client id and secret (never logged: `description` shows the id only).
public struct PayPalCredentials: Sendable, Hashable, CustomStringConvertible {
    public var clientID: String
    public var secret: String

    public init(clientID: String, secret: String) {
        self.clientID = clientID
        self.secret = secret
    }

    public var description: String { "PayPalCredentials(\(clientID), secret: <redacted>)" }
}
