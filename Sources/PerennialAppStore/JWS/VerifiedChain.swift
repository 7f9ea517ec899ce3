import Crypto
import Foundation
import PerennialCore

/// What the chain cache remembers about a verified (leaf, intermediate) pair: the leaf's signing key and the
/// window in which every certificate of the chain, root included, is valid.
struct VerifiedChain: Sendable {
    /// The leaf's P-256 public key, which signs the JWS.
    var signingKey: P256.Signing.PublicKey
    /// The latest `notValidBefore` of the chain.
    var validFrom: Date
    /// The earliest `notValidAfter` of the chain.
    var validUntil: Date
    /// When the cache forgets the entry (at most its lifetime after verification, never after `validUntil`).
    var cachedUntil: Instant

    /// Whether every certificate of the chain is valid at `time` (bounds included, as RFC 5280 reads them).
    func isValid(at time: Date) -> Bool {
        validFrom <= time && time <= validUntil
    }
}
