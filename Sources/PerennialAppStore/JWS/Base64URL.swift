import Foundation

/// Base64url without padding (RFC 4648 §5), as JWS compact serialization writes each part.
public enum Base64URL {
    /// Encodes bytes as unpadded base64url.
    public static func encode<Bytes: DataProtocol>(_ bytes: Bytes) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Decodes strict unpadded base64url; nil for anything else (padding, `+`, `/`, stray characters).
    public static func decode(_ text: some StringProtocol) -> Data? {
        JWSBase64.decodeURL(Substring(text)).map { Data($0) }
    }
}
