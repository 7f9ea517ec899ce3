import PerennialCore

/// Why an offer signature could not be made. Messages never include key material.
public enum OfferSigningError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The key is not a P-256 private key in PEM (PKCS#8 `.p8`) form.
    case invalidPrivateKey(keyIdentifier: String)
    /// The nonce is not a UUID (`xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`).
    case invalidNonce(String)
    /// Signing failed inside the crypto library.
    case signingFailed(keyIdentifier: String)

    public var description: String {
        switch self {
        case .invalidPrivateKey(let keyIdentifier):
            "the key \(keyIdentifier) is not a P-256 private key in PEM (PKCS#8 .p8) form"
        case .invalidNonce(let text):
            "the nonce \(JSONText.string(text)) is not a UUID"
        case .signingFailed(let keyIdentifier):
            "could not sign with key \(keyIdentifier)"
        }
    }
}
