import Foundation
import PerennialCore

/// An endpoint's signing secrets: the current one, and during a rotation the ones it replaced until their
/// overlap ends. Every secret still valid signs each delivery (one signature each in `webhook-signature`),
/// so a receiver can switch secrets at any point of the overlap. Stored sealed under the master key.
public struct WebhookSecretSet: Sendable, Hashable, Codable {
    /// One secret and when it stops signing (nil: the current secret).
    public struct Entry: Sendable, Hashable, Codable {
        public var secret: String
        public var expiresAt: Instant?

        enum CodingKeys: String, CodingKey {
            case secret, expiresAt = "expires_at"
        }
    }

    /// Newest first.
    public var entries: [Entry]

    /// A set holding one current secret.
    public init(current: WebhookSigningSecret) {
        entries = [Entry(secret: current.text, expiresAt: nil)]
    }

    /// The secrets that sign at `now`, newest first.
    public func signing(at now: Instant) throws -> [WebhookSigningSecret] {
        try entries.filter { $0.expiresAt.map { $0 > now } ?? true }.map { entry in
            guard let secret = WebhookSigningSecret(text: entry.secret) else {
                throw PerennialError(.unsealFailed, "a webhook endpoint's stored secret is not a whsec_ secret")
            }
            return secret
        }
    }

    /// The set after a rotation to `secret`: the secrets signing now keep signing until `now + overlap`
    /// (an overlap of zero drops them at once).
    public func rotated(to secret: WebhookSigningSecret, overlap: Duration, at now: Instant) -> WebhookSecretSet {
        let ends = now.adding(milliseconds: overlap.milliseconds)
        var next = WebhookSecretSet(current: secret)
        if overlap > .zero {
            next.entries += entries
                .filter { $0.expiresAt.map { $0 > now } ?? true }
                .map { Entry(secret: $0.secret, expiresAt: min($0.expiresAt ?? ends, ends)) }
        }
        return next
    }

    /// The set sealed for storage.
    public func sealed(with box: SecretBox) throws -> Data {
        try box.seal(JSONEncoder().encode(self))
    }

    /// A set opened from storage.
    public static func opened(_ sealed: Data, with box: SecretBox) throws -> WebhookSecretSet {
        do {
            return try JSONDecoder().decode(WebhookSecretSet.self, from: try box.open(sealed))
        } catch let error as PerennialError {
            throw error
        } catch {
            throw PerennialError(.unsealFailed, "a webhook endpoint's secrets could not be read")
        }
    }
}
