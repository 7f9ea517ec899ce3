import _CryptoExtras
import Foundation
import PerennialCore
import PerennialOutbound

/// Google's published OIDC signing keys (a JWK Set, `https://www.googleapis.com/oauth2/v3/certs` by default),
/// fetched when first needed and kept for the `max-age` Google's answer gives (an hour when it gives none).
/// A token naming a key not in the set fetches it again, at most once a minute: Google rotates its keys.
public actor PlayGoogleKeys {
    /// Google's JWK Set of OIDC keys.
    public static let googleCertsURL = "https://www.googleapis.com/oauth2/v3/certs"

    private let url: String
    private let transport: any HTTPTransport
    private let clock: any Clock
    private var keys: [String: _RSA.Signing.PublicKey] = [:]
    private var expiresAt = Instant(milliseconds: .min)
    private var lastFetch: Instant?

    public init(url: String = googleCertsURL, transport: any HTTPTransport, clock: any Clock = SystemClock()) {
        self.url = url
        self.transport = transport
        self.clock = clock
    }

    /// The keys, fresh enough to verify a token naming `keyID`; throws when they cannot be fetched.
    public func keys(forKeyID keyID: String?) async throws(PlayAPIError) -> [String: _RSA.Signing.PublicKey] {
        let now = clock.now()
        let known = keyID.map { keys[$0] != nil } ?? true
        let mayRefetch = lastFetch.map { now.milliseconds - $0.milliseconds >= 60_000 } ?? true
        if now < expiresAt, known || !mayRefetch { return keys }
        if !mayRefetch, !keys.isEmpty { return keys }
        lastFetch = now
        let response: HTTPTransportResponse
        do {
            response = try await transport.send(HTTPTransportRequest(
                method: "GET", url: url, purpose: HTTPTransportPurpose(store: "play_store", endpoint: "GET oidc certs")))
        } catch {
            if !keys.isEmpty, now < expiresAt { return keys }
            throw PlayAPIError(.unavailable, message: "Google's OIDC keys could not be fetched")
        }
        guard response.status == 200, let set = Self.parse(response.body) else {
            throw PlayAPIError(.unavailable, message: "Google's OIDC keys answered HTTP \(response.status)", httpStatus: response.status)
        }
        keys = set
        expiresAt = now.adding(milliseconds: Self.maxAge(response.header("Cache-Control")) * 1000)
        return keys
    }

    /// The RSA keys of a JWK Set, by `kid`; nil when it is not one.
    static func parse(_ body: [UInt8]) -> [String: _RSA.Signing.PublicKey]? {
        struct KeySet: Decodable {
            struct Key: Decodable {
                var kid: String?
                var kty: String?
                var n: String?
                var e: String?
            }
            var keys: [Key]
        }
        guard let set = try? JSONDecoder().decode(KeySet.self, from: Data(body)) else { return nil }
        var result: [String: _RSA.Signing.PublicKey] = [:]
        for key in set.keys where key.kty == "RSA" {
            guard let kid = key.kid, let n = key.n.flatMap(Base64URL.decode), let e = key.e.flatMap(Base64URL.decode),
                  let publicKey = try? _RSA.Signing.PublicKey(n: n, e: e)
            else { continue }
            result[kid] = publicKey
        }
        return result
    }

    /// `max-age` in seconds from a Cache-Control header; an hour when absent, at most a day.
    static func maxAge(_ header: String?) -> Int64 {
        let directive = header?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.lowercased().hasPrefix("max-age=") }
        guard let value = directive.flatMap({ Int64($0.dropFirst("max-age=".count)) }), value >= 0 else { return 3600 }
        return min(value, 86_400)
    }
}
