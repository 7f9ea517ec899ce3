import Crypto
import Foundation

extension SimulatorSigningAuthority {
    /// The three private keys of the chain.
    struct Keys {
        var root: P256.Signing.PrivateKey
        var intermediate: P256.Signing.PrivateKey
        var leaf: P256.Signing.PrivateKey
    }

    /// Fresh random keys, or keys derived from `seed` with HMAC-SHA256 (one label per role).
    static func keys(seed: String?) -> Keys {
        guard let seed else {
            return Keys(root: .init(), intermediate: .init(), leaf: .init())
        }
        return Keys(
            root: derivedKey(seed: seed, label: "root"), intermediate: derivedKey(seed: seed, label: "intermediate"),
            leaf: derivedKey(seed: seed, label: "leaf"))
    }

    /// A P-256 key whose scalar is HMAC-SHA256(seed, "perennial-simulator/<label>/<counter>"); the counter moves
    /// on in the (astronomically rare) case the output is not a valid scalar.
    private static func derivedKey(seed: String, label: String) -> P256.Signing.PrivateKey {
        let key = SymmetricKey(data: Data(seed.utf8))
        for counter in 0..<1_000 {
            let message = Data("perennial-simulator/\(label)/\(counter)".utf8)
            let scalar = Data(HMAC<SHA256>.authenticationCode(for: message, using: key))
            if let privateKey = try? P256.Signing.PrivateKey(rawRepresentation: scalar) { return privateKey }
        }
        return P256.Signing.PrivateKey()
    }
}
