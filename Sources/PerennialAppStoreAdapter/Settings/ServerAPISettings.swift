/// An app's App Store Server API credentials (App Store Connect → Users and Access → Integrations).
public struct ServerAPISettings: Sendable, Hashable {
    /// The issuer id of the team's API keys.
    public var issuerID: String
    /// The id of the in-app purchase key.
    public var keyID: String
    /// The key itself: the `.p8` file's PEM text. Never logged, sealed when stored.
    public var privateKeyPEM: String
    /// Overrides Apple's hosts (the simulator); nil for Apple's production and sandbox hosts.
    public var baseURL: String?

    public init(issuerID: String, keyID: String, privateKeyPEM: String, baseURL: String? = nil) {
        self.issuerID = issuerID
        self.keyID = keyID
        self.privateKeyPEM = privateKeyPEM
        self.baseURL = baseURL
    }
}
