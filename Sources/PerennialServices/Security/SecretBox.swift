import Crypto
import Foundation

/// Seals secrets before they are stored (shared secrets, receipts) with AES-GCM under the master key, and
/// opens them again. Each seal uses a fresh random nonce; the output is nonce ‖ ciphertext ‖ tag.
public struct SecretBox: Sendable {
    private let key: SymmetricKey

    /// A box for a 256-bit master key.
    public init(masterKey: Data) throws {
        guard masterKey.count == 32 else {
            throw PerennialError(.masterKeyInvalid, "the master key must be 32 bytes, it has \(masterKey.count)")
        }
        key = SymmetricKey(data: masterKey)
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
        do {
            return try AES.GCM.open(AES.GCM.SealedBox(combined: sealed), using: key)
        } catch {
            throw PerennialError(.unsealFailed, "a stored secret could not be decrypted (wrong master key?)")
        }
    }

    /// Decrypts a string sealed with `seal(_: String)`.
    public func openString(_ sealed: Data) throws -> String {
        String(decoding: try open(sealed), as: UTF8.self)
    }
}
