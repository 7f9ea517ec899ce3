import Crypto
import Foundation
import PerennialCore

/// The compact ES256 JWS the App Store takes for offer requests: header `{"alg":"ES256","kid":…,"typ":"JWT"}`,
/// claims written in the given order, signature raw `r || s` base64url.
enum OfferJWS {
    /// A claim's JSON value text.
    enum Value {
        case string(String)
        case integer(Int64)
        case bool(Bool)

        var json: String {
            switch self {
            case .string(let text): JSONText.string(text)
            case .integer(let number): String(number)
            case .bool(let flag): flag ? "true" : "false"
            }
        }
    }

    /// Signs claims with a key; the claims' order is kept.
    static func sign(
        claims: [(name: String, value: Value)], keyIdentifier: String, privateKey: P256.Signing.PrivateKey
    ) throws(OfferSigningError) -> String {
        let header = compactObject([("alg", .string("ES256")), ("kid", .string(keyIdentifier)), ("typ", .string("JWT"))])
        let signingInput = Base64URL.encode(Data(header.utf8)) + "." + Base64URL.encode(Data(compactObject(claims).utf8))
        do {
            let signature = try privateKey.signature(for: Data(signingInput.utf8))
            return signingInput + "." + Base64URL.encode(signature.rawRepresentation)
        } catch {
            throw .signingFailed(keyIdentifier: keyIdentifier)
        }
    }

    private static func compactObject(_ members: [(name: String, value: Value)]) -> String {
        "{" + members.map { JSONText.string($0.name) + ":" + $0.value.json }.joined(separator: ",") + "}"
    }
}
