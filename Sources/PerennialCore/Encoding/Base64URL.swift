import Foundation

/// Base64url without padding (RFC 4648 §5), as JWS compact serialization writes each part.
public enum Base64URL {
    /// Encodes bytes as unpadded base64url.
    public static func encode<Bytes: DataProtocol>(_ bytes: Bytes) -> String {
        let base64 = Data(bytes).base64EncodedData()
        // Read through a buffer: `Data`'s own iterator costs more per byte than the encoding itself.
        return base64.withUnsafeBytes { encoded in
            String(unsafeUninitializedCapacity: encoded.count) { text in
                var count = 0
                for byte in encoded where byte != UInt8(ascii: "=") {
                    switch byte {
                    case UInt8(ascii: "+"): text[count] = UInt8(ascii: "-")
                    case UInt8(ascii: "/"): text[count] = UInt8(ascii: "_")
                    default: text[count] = byte
                    }
                    count += 1
                }
                return count
            }
        }
    }

    /// Decodes strict unpadded base64url; nil for anything else (padding, `+`, `/`, stray characters).
    public static func decode(_ text: some StringProtocol) -> Data? {
        JWSBase64.decodeURL(Substring(text)).map { Data($0) }
    }
}
