/// A subscription-offer key of the team (App Store Connect, Users and Access, Keys, In-App Purchase): the
/// public half the simulator checks promotional offer signatures with (`{key_id, public_key_pem}`).
public struct SimulatorOfferKey: Sendable, Hashable, Codable {
    /// The key id App Store Connect shows; signatures name it (`keyIdentifier`, the JWS `kid`).
    public var keyID: String
    /// The P-256 public key in PEM (`-----BEGIN PUBLIC KEY-----`).
    public var publicKeyPEM: String

    public init(keyID: String, publicKeyPEM: String) {
        self.keyID = keyID
        self.publicKeyPEM = publicKeyPEM
    }

    enum CodingKeys: String, CodingKey {
        case keyID = "key_id"
        case publicKeyPEM = "public_key_pem"
    }
}
