import _CryptoExtras
import Crypto
import Foundation
import PerennialCore
import X509

extension PlaySimulator {
    /// Google's token endpoint, which Google's auth libraries put in `aud` whatever `token_uri` says.
    public static let googleTokenURI = "https://oauth2.googleapis.com/token"

    /// The JWT-bearer grant: checks the assertion (RS256 by the issued key, issued by the service account,
    /// for this endpoint or Google's, with the androidpublisher scope, valid now by the wall clock or the
    /// simulated one, as the App Store simulator's token check) and issues an access token for an hour.
    public func exchange(assertion: String, tokenURI: String) throws -> (token: String, expiresIn: Int) {
        let parts = assertion.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerBytes = Base64URL.decode(parts[0]), let claimBytes = Base64URL.decode(parts[1]),
              let signatureBytes = Base64URL.decode(parts[2]),
              let header = try? JSONSerialization.jsonObject(with: headerBytes) as? [String: Any],
              let claims = try? JSONSerialization.jsonObject(with: claimBytes) as? [String: Any]
        else { throw Self.grantError("the assertion is not a JWT") }
        guard header["alg"] as? String == "RS256" else { throw Self.grantError("the assertion must be RS256") }
        let signed = SHA256.hash(data: Data("\(parts[0]).\(parts[1])".utf8))
        guard serviceAccountKey.publicKey.isValidSignature(
            _RSA.Signing.RSASignature(rawRepresentation: signatureBytes), for: signed, padding: .insecurePKCS1v1_5
        ) else { throw Self.grantError("Invalid JWT Signature.") }
        guard claims["iss"] as? String == serviceAccountEmail else { throw Self.grantError("the issuer is not the service account") }
        guard let audience = claims["aud"] as? String, [tokenURI, Self.googleTokenURI].contains(audience) else {
            throw Self.grantError("Invalid JWT: audience")
        }
        guard (claims["scope"] as? String)?.split(separator: " ").contains("https://www.googleapis.com/auth/androidpublisher") == true else {
            throw Self.grantError("the scope must include androidpublisher")
        }
        let instants = [Date().timeIntervalSince1970, Double(clock.now().milliseconds) / 1000]
        guard let expiry = (claims["exp"] as? NSNumber)?.doubleValue,
              instants.contains(where: { expiry > $0 - 60 && expiry - $0 <= 3_660 })
        else {
            throw Self.grantError("Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.")
        }
        let token = "ya29.simulator-" + String(UUID().uuidString.lowercased().filter { $0 != "-" })
        accessTokens[token] = Date().addingTimeInterval(3_600)
        return (token, 3_599)
    }

    /// Checks a Developer API request's bearer token (issued here, unexpired).
    public func authorize(_ authorization: String?) throws {
        guard let authorization, authorization.hasPrefix("Bearer "),
              let expiry = accessTokens[String(authorization.dropFirst(7))], expiry > Date()
        else {
            throw PlaySimulatorError.unauthenticated(
                "Request is missing required authentication credential. Expected OAuth 2 access token."
            )
        }
    }

    /// The JWK Set of the key that signs push tokens, as `https://www.googleapis.com/oauth2/v3/certs` serves.
    public func pushKeys() throws -> Data {
        let primitives = try pushKey.publicKey.getKeyPrimitives()
        return try JSONSerialization.data(withJSONObject: ["keys": [[
            "kid": "simulator-push-1", "kty": "RSA", "alg": "RS256", "use": "sig",
            "n": Base64URL.encode(primitives.modulus), "e": Base64URL.encode(primitives.publicExponent),
        ]]], options: [.sortedKeys])
    }

    /// The same key as `pushKeys()` in the older form `https://www.googleapis.com/oauth2/v1/certs` serves, and
    /// google-auth reads without another library: `{"kid": "<X.509 certificate, PEM>"}`, the certificate
    /// self-signed and valid from a day ago for a year.
    public func pushCertificates() throws -> Data {
        let name = try DistinguishedName { CommonName("perennial-simulator-push") }
        let now = Date()
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: Certificate.PublicKey(pushKey.publicKey),
            notValidBefore: now.addingTimeInterval(-86_400), notValidAfter: now.addingTimeInterval(365 * 86_400),
            issuer: name, subject: name, signatureAlgorithm: .sha256WithRSAEncryption, extensions: Certificate.Extensions(),
            issuerPrivateKey: Certificate.PrivateKey(pushKey)
        )
        return try JSONSerialization.data(
            withJSONObject: ["simulator-push-1": try certificate.serializeAsPEM().pemString], options: [.sortedKeys]
        )
    }

    /// An OIDC token as Pub/Sub puts on a push: signed by the push key, for `audience`, as `email`, issued
    /// now by the wall clock and good for an hour. Google signs a push when it sends it, in real time, whatever
    /// the simulated clock says of the purchase: so google-auth's `id_token.verify_token` takes it after the
    /// clock has moved.
    public func pushToken(audience: String, email: String) throws -> String {
        let now = Int64(Date().timeIntervalSince1970)
        let header = Base64URL.encode(try JSONSerialization.data(withJSONObject: ["alg": "RS256", "kid": "simulator-push-1", "typ": "JWT"]))
        let claims = Base64URL.encode(try JSONSerialization.data(withJSONObject: [
            "iss": "https://accounts.google.com", "aud": audience, "email": email, "email_verified": true,
            "iat": now, "exp": now + 3_600, "sub": "100000000000000000002",
        ]))
        let signature = try pushKey.signature(for: SHA256.hash(data: Data("\(header).\(claims)".utf8)), padding: .insecurePKCS1v1_5)
        return "\(header).\(claims).\(Base64URL.encode(signature.rawRepresentation))"
    }

    /// The token endpoint's refusal, `{"error": "invalid_grant", "error_description": …}` with 400.
    static func grantError(_ description: String) -> PlaySimulatorError {
        PlaySimulatorError(httpStatus: 400, status: "invalid_grant", reason: "invalid_grant", message: description)
    }
}
