import _CryptoExtras
import Crypto
import Foundation
import PerennialCore

/// The JWT a service account signs to ask for an access token (RFC 7523's JWT-bearer grant): RS256, issued by
/// the account, for a scope (`androidpublisher`, or `pubsub` for pulling notifications), addressed to the
/// token endpoint, valid one hour.
enum PlayAssertion {
    /// The OAuth scope of the Play Developer API.
    static let scope = "https://www.googleapis.com/auth/androidpublisher"
    /// The OAuth scope of Pub/Sub.
    static let pubSubScope = "https://www.googleapis.com/auth/pubsub"

    /// The signed assertion for `key` and `scope`, issued at `now`.
    static func make(key: PlayServiceAccountKey, scope: String = scope, now: Instant) throws -> String {
        var header: [String: String] = ["alg": "RS256", "typ": "JWT"]
        if let kid = key.privateKeyID { header["kid"] = kid }
        let issuedAt = now.milliseconds / 1000
        let claims: [String: Any] = [
            "iss": key.clientEmail, "scope": scope, "aud": key.tokenURI, "iat": issuedAt, "exp": issuedAt + 3600,
        ]
        let encodedHeader = Base64URL.encode(try JSONSerialization.data(withJSONObject: header, options: [.sortedKeys]))
        let encodedClaims = Base64URL.encode(try JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys]))
        let signingInput = "\(encodedHeader).\(encodedClaims)"
        let signature = try key.privateKey.signature(
            for: SHA256.hash(data: Data(signingInput.utf8)), padding: .insecurePKCS1v1_5
        )
        return "\(signingInput).\(Base64URL.encode(signature.rawRepresentation))"
    }
}
