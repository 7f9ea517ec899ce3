import _CryptoExtras
import Crypto
import Foundation
import PerennialCore

/// Verifies the bearer token of a Pub/Sub push: a JWT signed RS256 by one of Google's published keys, issued
/// by `accounts.google.com`, for the expected audience and service account (email verified), and valid now
/// (a minute of leeway for clocks).
public enum PlayPushToken {
    /// Issuers Google uses for OIDC tokens.
    public static let issuers: Set<String> = ["accounts.google.com", "https://accounts.google.com"]
    static let leewayMilliseconds: Int64 = 60_000

    /// The key id a token names, to fetch keys for before `verify`; nil when the header is unreadable.
    public static func keyID(authorization: String?) -> String? {
        guard let parts = try? split(authorization), let header = try? header(parts.header) else { return nil }
        return header.kid
    }

    /// Checks the `Authorization` header's token against `keys` (Google's, by key id) and `expectation`.
    public static func verify(
        authorization: String?, keys: [String: _RSA.Signing.PublicKey], expectation: PlayPushExpectation, now: Instant
    ) throws(PlayPushRefusal) {
        let parts = try split(authorization)
        let header = try header(parts.header)
        guard header.alg == "RS256" else { throw PlayPushRefusal(.unsupportedAlgorithm) }
        guard let kid = header.kid, let key = keys[kid] else { throw PlayPushRefusal(.unknownKey) }
        guard let signatureBytes = Base64URL.decode(parts.signature) else { throw PlayPushRefusal(.malformedToken) }
        let signature = _RSA.Signing.RSASignature(rawRepresentation: signatureBytes)
        let signed = SHA256.hash(data: Data("\(parts.header).\(parts.claims)".utf8))
        guard key.isValidSignature(signature, for: signed, padding: .insecurePKCS1v1_5) else {
            throw PlayPushRefusal(.badSignature)
        }
        struct Claims: Decodable {
            var iss: String?
            var aud: String?
            var email: String?
            var email_verified: Bool?
            var exp: Int64?
            var iat: Int64?
        }
        guard let bytes = Base64URL.decode(parts.claims), let claims = try? JSONDecoder().decode(Claims.self, from: bytes) else {
            throw PlayPushRefusal(.malformedToken)
        }
        guard let issuer = claims.iss, issuers.contains(issuer) else { throw PlayPushRefusal(.wrongIssuer) }
        guard claims.aud == expectation.audience else {
            throw PlayPushRefusal(.wrongAudience)
        }
        guard claims.email == expectation.serviceAccountEmail else { throw PlayPushRefusal(.wrongEmail) }
        guard claims.email_verified == true else { throw PlayPushRefusal(.emailNotVerified) }
        guard let expiry = claims.exp, expiry * 1000 + leewayMilliseconds > now.milliseconds else {
            throw PlayPushRefusal(.expired)
        }
        if let issuedAt = claims.iat, issuedAt * 1000 - leewayMilliseconds > now.milliseconds {
            throw PlayPushRefusal(.notYetValid)
        }
    }

    private struct Header: Decodable {
        var alg: String?
        var kid: String?
    }

    private static func split(_ authorization: String?) throws(PlayPushRefusal) -> (header: Substring, claims: Substring, signature: Substring) {
        guard let authorization, !authorization.isEmpty else { throw PlayPushRefusal(.missingToken) }
        guard authorization.count <= 8_192, authorization.lowercased().hasPrefix("bearer ") else {
            throw PlayPushRefusal(.malformedToken)
        }
        let parts = authorization.dropFirst(7).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else { throw PlayPushRefusal(.malformedToken) }
        return (parts[0], parts[1], parts[2])
    }

    private static func header(_ part: Substring) throws(PlayPushRefusal) -> Header {
        guard let bytes = Base64URL.decode(part), let header = try? JSONDecoder().decode(Header.self, from: bytes) else {
            throw PlayPushRefusal(.malformedToken)
        }
        return header
    }
}
