import Foundation
import PerennialAppStore
import PerennialCore

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
        let header = Base64URL.encode(try encoder.encode(Header(x5c: authority.x5c)))
        let body = Base64URL.encode(try encoder.encode(payload))
        let signingInput = header + "." + body
        let signature = try authority.signRaw(Data(signingInput.utf8))
        return signingInput + "." + Base64URL.encode(signature)
    }
}
