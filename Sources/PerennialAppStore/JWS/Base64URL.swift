import Foundation

/// Base64url without padding (RFC 4648 §5), as JWS compact serialization writes each part.
public enum Base64URL {
    /// Encodes bytes as unpadded base64url.
    public static func encode<Bytes: DataProtocol>(_ bytes: Bytes) -> String {
        let base64 = Data(bytes).base64EncodedData()
        var text: [UInt8] = []
        text.reserveCapacity(base64.count)
        for byte in base64 {
            switch byte {
            case UInt8(ascii: "+"): text.append(UInt8(ascii: "-"))
            case UInt8(ascii: "/"): text.append(UInt8(ascii: "_"))
            case UInt8(ascii: "="): continue
            default: text.append(byte)
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Decodes strict unpadded base64url; nil for anything else (padding, `+`, `/`, stray characters).
    public static func decode(_ text: some StringProtocol) -> Data? {
        JWSBase64.decodeURL(Substring(text)).map { Data($0) }
    }
}
