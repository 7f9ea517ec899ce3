import Crypto
import Foundation
import PerennialCore

/// The SHA-256 of some bytes as lowercase hex: ids for bodies (a store's retry sends the same bytes) and
/// deduplication keys that must not carry the data itself.
public enum SHA256Hex {
    /// The digest of `data`, 64 lowercase hex digits.
    public static func digest(_ data: Data) -> String {
        Hexadecimal.lowercase(SHA256.hash(data: data))
    }

    /// The digest of `text`'s UTF-8 bytes.
    public static func digest(_ text: String) -> String {
        digest(Data(text.utf8))
    }
}
