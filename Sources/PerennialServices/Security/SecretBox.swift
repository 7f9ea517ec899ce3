import Crypto
import Foundation

/// Seals secrets before they are stored (shared secrets, receipts) with AES-GCM under the master key, and
/// opens them again. Each seal uses a fresh random nonce; the output is nonce ‖ ciphertext ‖ tag.
///
/// During a key rotation the box also holds the previous master keys: it seals with the current key only,
/// and opens what any of them sealed (`perennial keys rotate` re-seals those under the current one).
public struct SecretBox: Sendable {
    private let key: SymmetricKey
    private let previousKeys: [SymmetricKey]

    /// Which of a box's keys sealed a value.
    public enum Sealer: Sendable, Hashable {
        case current
        case previous
        /// None of them: sealed under another key, altered, or never sealed.
        case unknown
    }

    /// A box for a 256-bit master key and, during a rotation, the keys it replaces.
    public init(masterKey: Data, previousMasterKeys: [Data] = []) throws {
        for candidate in [masterKey] + previousMasterKeys where candidate.count != 32 {
            throw PerennialError(.masterKeyInvalid, "the master key must be 32 bytes, it has \(candidate.count)")
        }
        key = SymmetricKey(data: masterKey)
        previousKeys = previousMasterKeys.map { SymmetricKey(data: $0) }
    }

    /// Whether the box still opens values sealed under earlier keys.
    public var isRotating: Bool { !previousKeys.isEmpty }

    /// Decrypts `sealed` with the first key that opens it, and says which it was: `.unknown` (and no
    /// plaintext) when none does.
    public func openNotingSealer(_ sealed: Data) -> (plaintext: Data?, sealer: Sealer) {
        guard let box = try? AES.GCM.SealedBox(combined: sealed) else { return (nil, .unknown) }
        if let plaintext = try? AES.GCM.open(box, using: key) { return (plaintext, .current) }
        for previous in previousKeys {
            if let plaintext = try? AES.GCM.open(box, using: previous) { return (plaintext, .previous) }
        }
        return (nil, .unknown)
    }

    /// A keyed digest of `text` (HMAC-SHA-256 under a key derived from the master key with HKDF), hex: an
    /// index of a sealed value that finds equal values without revealing them to whoever reads the database.
    public func lookupDigest(_ text: String) -> String {
        Self.lookupDigest(text, under: key)
    }

    /// `text`'s digests under each of the box's keys, the current one first: during a rotation a value may
    /// have been indexed under either.
    public func lookupDigests(_ text: String) -> [String] {
        ([key] + previousKeys).map { Self.lookupDigest(text, under: $0) }
    }

    private static func lookupDigest(_ text: String, under masterKey: SymmetricKey) -> String {
        let lookupKey = HKDF<SHA256>.deriveKey(inputKeyMaterial: masterKey, info: Data("perennial lookup digest v1".utf8), outputByteCount: 32)
        return HMAC<SHA256>.authenticationCode(for: Data(text.utf8), using: lookupKey).map { String(format: "%02x", $0) }.joined()
    }

    /// A new random 256-bit key.
    public static func generateMasterKey() -> Data {
        SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
    }

    /// Encrypts and authenticates `plaintext`.
    public func seal(_ plaintext: Data) throws -> Data {
        guard let combined = try AES.GCM.seal(plaintext, using: key).combined else {
            throw PerennialError(.sealFailed, "could not seal a secret")
        }
        return combined
    }

    /// Encrypts a string.
    public func seal(_ plaintext: String) throws -> Data { try seal(Data(plaintext.utf8)) }

    /// Decrypts what `seal` produced; throws if it was altered or sealed under another key.
    public func open(_ sealed: Data) throws -> Data {
        guard let plaintext = openNotingSealer(sealed).plaintext else {
            throw PerennialError(.unsealFailed, "a stored secret could not be decrypted (wrong master key?)")
        }
        return plaintext
    }

    /// Decrypts a string sealed with `seal(_: String)`.
    public func openString(_ sealed: Data) throws -> String {
        String(decoding: try open(sealed), as: UTF8.self)
    }
}
