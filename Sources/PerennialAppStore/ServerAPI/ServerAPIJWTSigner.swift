import Crypto
import Foundation
import PerennialCore
import PerennialOutbound
import Synchronization

/// Signs the bearer tokens the App Store Server API requires: an ES256 JWS with the key id in its header and
/// the issuer id, audience `appstoreconnect-v1`, bundle id and a short lifetime in its claims.
///
/// A token is reused until less than `renewalMargin` of its life remains, then a new one is signed; the cache
/// is shared safely between concurrent requests. The private key never leaves this object: it appears in no
/// description, error or log.
public final class ServerAPIJWTSigner: Sendable, CustomStringConvertible {
    /// The longest lifetime Apple accepts.
    public static let maximumLifetime: Duration = .seconds(60 * 60)

    /// The issuer id from the Keys page in App Store Connect.
    public let issuerId: String
    /// The In-App Purchase key's id.
    public let keyId: String
    /// The app's bundle id, sent as `bid`.
    public let bundleId: String
    /// How long each token is valid; at most 60 minutes. Default 20 minutes.
    public let tokenLifetime: Duration
    /// A token with less than this left is replaced before use. Default 5 minutes.
    public let renewalMargin: Duration

    private let privateKey: P256.Signing.PrivateKey
    private let clock: any Clock
    private let cache = Mutex<CachedToken?>(nil)

    private struct CachedToken {
        var token: String
        var expiresAt: Instant
    }

    /// Creates a signer from the team's `.p8` file contents (a PKCS#8 PEM P-256 key).
    ///
    /// - Throws: `AppStoreServerAPIError` of kind `.invalidConfiguration` when the key cannot be read (the
    ///   message never includes the key).
    public init(
        issuerId: String, keyId: String, bundleId: String, privateKeyPEM: String,
        clock: any Clock = SystemClock(), tokenLifetime: Duration = .seconds(20 * 60),
        renewalMargin: Duration = .seconds(5 * 60)
    ) throws {
        let key: P256.Signing.PrivateKey
        do {
            key = try P256.Signing.PrivateKey(pemRepresentation: privateKeyPEM)
        } catch {
            throw AppStoreServerAPIError(
                .invalidConfiguration,
                errorMessage: "the App Store Server API key \(keyId) is not a P-256 private key in PEM (PKCS#8) form"
            )
        }
        self.issuerId = issuerId
        self.keyId = keyId
        self.bundleId = bundleId
        self.privateKey = key
        self.clock = clock
        let lifetime = min(max(tokenLifetime, .seconds(1)), Self.maximumLifetime)
        self.tokenLifetime = lifetime
        self.renewalMargin = min(max(renewalMargin, .zero), lifetime / 2)
    }

    /// A valid bearer token: the cached one while enough of its life remains, otherwise a newly signed one.
    public func token() throws -> String {
        let now = clock.now()
        return try cache.withLock { cached in
            if let current = cached, now.adding(milliseconds: Self.milliseconds(renewalMargin)) < current.expiresAt {
                return current.token
            }
            let fresh = try sign(at: now)
            cached = fresh
            return fresh.token
        }
    }

    /// Forgets `token` if it is the cached one, so the next call signs a new one (after Apple refused it).
    public func invalidate(_ token: String) {
        cache.withLock { cached in
            if cached?.token == token { cached = nil }
        }
    }

    public var description: String {
        "ServerAPIJWTSigner(issuerId: \(issuerId), keyId: \(keyId), bundleId: \(bundleId), key: <redacted>)"
    }

    private func sign(at now: Instant) throws -> CachedToken {
        let issuedAt = now.milliseconds / 1000
        let lifetime = Self.milliseconds(tokenLifetime) / 1000
        let header = ServerAPIJWTHeader(kid: keyId)
        let claims = ServerAPIJWTClaims(iss: issuerId, iat: issuedAt, exp: issuedAt + lifetime, bid: bundleId)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            let signingInput = Base64URL.encode(try encoder.encode(header)) + "."
                + Base64URL.encode(try encoder.encode(claims))
            let signature = try privateKey.signature(for: Data(signingInput.utf8))
            let token = signingInput + "." + Base64URL.encode(signature.rawRepresentation)
            return CachedToken(token: token, expiresAt: Instant(milliseconds: (issuedAt + lifetime) * 1000))
        } catch {
            throw AppStoreServerAPIError(.invalidConfiguration, errorMessage: "could not sign a token with key \(keyId)")
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        let parts = duration.components
        return parts.seconds * 1000 + parts.attoseconds / 1_000_000_000_000_000
    }
}
