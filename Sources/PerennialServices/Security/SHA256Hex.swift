import Crypto
import Foundation

/// The SHA-256 of some bytes as lowercase hex: ids for bodies (a store's retry sends the same bytes) and
/// deduplication keys that must not carry the data itself.
public enum SHA256Hex {
    /// The digest of `data`, 64 lowercase hex digits.
    public static func digest(_ data: Data) -> String {
        SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }

    /// The digest of `text`'s UTF-8 bytes.
    public static func digest(_ text: String) -> String {
        digest(Data(text.utf8))
    }
}
