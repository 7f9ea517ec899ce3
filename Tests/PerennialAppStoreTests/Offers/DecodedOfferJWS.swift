import Crypto
import Foundation
import PerennialAppStore
import PerennialCore

/// A compact JWS split into its decoded parts, for checking what the offer signers write.
struct DecodedOfferJWS {
    var header: [String: Any]
    var claims: [String: Any]
    var signingInput: Data
    var signature: Data

    init(_ compact: String) throws {
        let parts = compact.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let header = Base64URL.decode(parts[0]), let claims = Base64URL.decode(parts[1]),
            let signature = Base64URL.decode(parts[2])
        else { throw CocoaError(.coderInvalidValue) }
        self.header = try JSONSerialization.jsonObject(with: header) as? [String: Any] ?? [:]
        self.claims = try JSONSerialization.jsonObject(with: claims) as? [String: Any] ?? [:]
        self.signingInput = Data("\(parts[0]).\(parts[1])".utf8)
        self.signature = signature
    }

    /// Whether the ES256 signature (raw r || s) verifies with a public key.
    func verifies(with key: P256.Signing.PublicKey) -> Bool {
        guard let parsed = try? P256.Signing.ECDSASignature(rawRepresentation: signature) else { return false }
        return key.isValidSignature(parsed, for: signingInput)
    }
}
