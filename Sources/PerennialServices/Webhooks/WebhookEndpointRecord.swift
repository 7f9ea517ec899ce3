import Foundation
import PerennialCore

/// A webhook endpoint as stored: where the app's events go, which kinds, and its signing secrets, sealed.
public struct WebhookEndpointRecord: Sendable, Hashable {
    /// `whep_` and random characters, or the name a configuration file gives.
    public var id: String
    public var appID: String
    public var url: String
    /// The event kinds wanted; empty for every kind.
    public var kinds: [String]
    public var isEnabled: Bool
    /// Extra request headers, sent with every delivery.
    public var headers: [String: String]
    public var description: String
    /// The signing secrets (`WebhookSecretSet`, JSON) sealed under the master key.
    public var sealedSecrets: Data
    /// Where the endpoint was defined: `api` or `configuration`.
    public var source: String
    public var createdAt: Instant
    public var updatedAt: Instant
    /// Since when every attempt on it has failed; nil while it answers.
    public var failingSince: Instant?
    /// Why Perennial disabled it (`failing`), nil when enabled or disabled by the team.
    public var disabledReason: String?

    public init(
        id: String, appID: String, url: String, kinds: [String], isEnabled: Bool, headers: [String: String],
        description: String, sealedSecrets: Data, source: String, createdAt: Instant, updatedAt: Instant,
        failingSince: Instant? = nil, disabledReason: String? = nil
    ) {
        self.id = id
        self.appID = appID
        self.url = url
        self.kinds = kinds
        self.isEnabled = isEnabled
        self.headers = headers
        self.description = description
        self.sealedSecrets = sealedSecrets
        self.source = source
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.failingSince = failingSince
        self.disabledReason = disabledReason
    }

    /// Whether the endpoint wants events of this kind.
    public func wants(_ kind: String) -> Bool { kinds.isEmpty || kinds.contains(kind) }
}
