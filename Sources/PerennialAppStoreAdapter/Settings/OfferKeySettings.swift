/// A subscription-offer key (App Store Connect → Users and Access → Integrations → In-App Purchase). Several
/// may be configured so a compromised key is replaced without an app release; disabled ones never sign.
public struct OfferKeySettings: Sendable, Hashable {
    /// The key id Apple shows, sent with every signature.
    public var id: String
    /// The `.p8` file's PEM text. Never logged, never returned by any API, sealed when stored.
    public var privateKeyPEM: String
    public var isActive: Bool

    public init(id: String, privateKeyPEM: String, isActive: Bool = true) {
        self.id = id
        self.privateKeyPEM = privateKeyPEM
        self.isActive = isActive
    }
}
