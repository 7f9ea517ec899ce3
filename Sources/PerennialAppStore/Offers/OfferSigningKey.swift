import Crypto

/// Reads the In-App Purchase key that signs offers.
enum OfferSigningKey {
    /// The P-256 private key in a `.p8` file's text (PKCS#8 PEM).
    static func load(pem: String, keyIdentifier: String) throws(OfferSigningError) -> P256.Signing.PrivateKey {
        do {
            return try P256.Signing.PrivateKey(pemRepresentation: pem)
        } catch {
            throw .invalidPrivateKey(keyIdentifier: keyIdentifier)
        }
    }
}
