/// The App Store Server API key a team uses for one app (App Store Connect → Users and Access →
/// Integrations → In-App Purchase): the simulator checks the bearer tokens of Server API requests with it.
///
/// Only the public half is configured (`public_key_pem`, the SubjectPublicKeyInfo PEM of the `.p8` key):
/// the simulator verifies tokens, it never signs them.
public struct SimulatorServerAPIKey: Sendable, Hashable, Codable {
    /// The issuer id (`iss` claim).
    public var issuerID: String
    /// The key id (`kid` header).
    public var keyID: String
    /// The key's public half as PEM (`-----BEGIN PUBLIC KEY-----`).
    public var publicKeyPEM: String

    /// A key as App Store Connect shows it, with the public half of the `.p8` file.
    public init(issuerID: String, keyID: String, publicKeyPEM: String) {
        self.issuerID = issuerID
        self.keyID = keyID
        self.publicKeyPEM = publicKeyPEM
    }

    enum CodingKeys: String, CodingKey {
        case issuerID = "issuer_id"
        case keyID = "key_id"
        case publicKeyPEM = "public_key_pem"
    }
}
