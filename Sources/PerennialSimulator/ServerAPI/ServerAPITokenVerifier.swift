import Crypto
import Foundation
import PerennialAppStore
import PerennialCore

/// Checks the bearer token of an App Store Server API request, as Apple does: an ES256 JWS whose header
/// names the key (`kid`) and whose claims name the issuer (`iss`), the audience `appstoreconnect-v1`, the
/// app (`bid`), and an expiry (`exp`) in the future but at most an hour after the issue time (`iat`) or, when
/// the token has no `iat` (Apple accepts that, and its own libraries send none), at most an hour from now.
/// The signature must verify with the public key configured for that app.
///
/// "Now" is the simulated clock or the wall clock, whichever the token fits: a Perennial server may sign
/// with either.
enum ServerAPITokenVerifier {
    /// The longest a token may live, in seconds.
    static let lifetime: Int64 = 3_600
    /// How far the signer's clock may run ahead of the simulator's, in seconds.
    static let clockSkew: Int64 = 60

    /// The app the token authenticates, or nil.
    static func app(
        authorization: String?, configuration: SimulatorConfiguration, now instants: [Instant]
    ) -> SimulatorApp? {
        guard let authorization, authorization.lowercased().hasPrefix("bearer ") else { return nil }
        let token = authorization.dropFirst("bearer ".count).trimmingCharacters(in: .whitespaces)
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerData = Base64URL.decode(parts[0]),
            let claimsData = Base64URL.decode(parts[1]), let signatureData = Base64URL.decode(parts[2]),
            let header = try? JSONDecoder().decode(ServerAPIJWTHeader.self, from: headerData),
            let claims = try? JSONDecoder().decode(ServerAPIJWTClaims.self, from: claimsData),
            header.alg == "ES256", claims.aud == ServerAPIJWTClaims.audience,
            let app = configuration.app(claims.bid), let key = app.serverAPI,
            ConstantTime.equals(header.kid, key.keyID), ConstantTime.equals(claims.iss, key.issuerID),
            let publicKey = try? P256.Signing.PublicKey(pemRepresentation: key.publicKeyPEM),
            let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signatureData)
        else { return nil }
        let signingInput = Data(token.utf8.prefix(parts[0].utf8.count + 1 + parts[1].utf8.count))
        guard publicKey.isValidSignature(signature, for: signingInput) else { return nil }
        if let issuedAt = claims.iat, !(issuedAt < claims.exp && claims.exp - issuedAt <= lifetime) { return nil }
        let fits = instants.contains { instant in
            let seconds = instant.milliseconds / 1000
            let issuedAt = claims.iat ?? seconds
            return issuedAt <= seconds + clockSkew && seconds < claims.exp && claims.exp <= seconds + lifetime + clockSkew
        }
        return fits ? app : nil
    }
}
