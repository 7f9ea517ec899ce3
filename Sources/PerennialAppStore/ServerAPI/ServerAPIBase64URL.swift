import Foundation

/// Base64url without padding (RFC 4648 §5), as JWS compact serialization writes each part.
enum ServerAPIBase64URL {
    /// Encodes bytes as unpadded base64url.
    static func encode<Bytes: DataProtocol>(_ bytes: Bytes) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
