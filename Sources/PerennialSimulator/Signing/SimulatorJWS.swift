import Foundation

/// Compact JWS as the App Store writes them: header `{"alg":"ES256","x5c":[leaf, intermediate, root]}`,
/// the JSON payload, and the raw `r || s` P-256 signature, each part base64url without padding.
enum SimulatorJWS {
    private struct Header: Encodable {
        var alg = "ES256"
        var x5c: [String]
    }

    /// Signs `payload` (encoded as JSON with its own field names) with the authority's leaf.
    static func sign(_ payload: some Encodable, with authority: SimulatorSigningAuthority) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let header = base64URL(try encoder.encode(Header(x5c: authority.x5c)))
        let body = base64URL(try encoder.encode(payload))
        let signingInput = header + "." + body
        let signature = try authority.signRaw(Data(signingInput.utf8))
        return signingInput + "." + base64URL(signature)
    }

    /// Base64url without padding (RFC 7515 § 2).
    static func base64URL(_ data: Data) -> String {
        var text = data.base64EncodedString()
        text = text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        while text.hasSuffix("=") { text.removeLast() }
        return text
    }
}
