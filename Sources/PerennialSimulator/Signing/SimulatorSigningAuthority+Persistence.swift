import Crypto
import Foundation
import SwiftASN1
import X509

extension SimulatorSigningAuthority {
    /// The authority as saved in a state folder: the three certificates (DER) and the leaf's private key.
    /// Secret: the file holding it is readable by its owner only.
    struct Saved: Codable {
        var root: Data
        var intermediate: Data
        var leaf: Data
        /// The leaf's P-256 private key, raw (32 bytes).
        var leafKey: Data
    }

    var saved: Saved {
        get throws {
            Saved(
                root: Data(try Self.der(root)), intermediate: Data(try Self.der(intermediate)), leaf: Data(try Self.der(leaf)),
                leafKey: leafKey.rawRepresentation)
        }
    }

    /// Restores a saved authority; throws when the leaf certificate is not the key's.
    convenience init(saved: Saved) throws {
        let leaf = try Certificate(derEncoded: Array(saved.leaf))
        let leafKey = try P256.Signing.PrivateKey(rawRepresentation: saved.leafKey)
        guard leaf.publicKey == Certificate.PublicKey(leafKey.publicKey) else {
            throw SimulatorError(code: "invalid_state", message: "the saved signing key is not the leaf certificate's", httpStatus: 500)
        }
        try self.init(
            root: try Certificate(derEncoded: Array(saved.root)),
            intermediate: try Certificate(derEncoded: Array(saved.intermediate)),
            leaf: leaf, leafKey: leafKey)
    }
}
