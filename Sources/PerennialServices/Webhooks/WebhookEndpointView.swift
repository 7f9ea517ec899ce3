import PerennialCore

/// An endpoint as the admin API shows it: never its secrets (`secret` only in the answer that created or
/// rotated them).
public struct WebhookEndpointView: Sendable, Hashable {
    public var record: WebhookEndpointRecord
    /// When each secret but the current one stops signing, oldest last.
    public var retiringSecretsExpireAt: [Instant]
    /// The new secret, shown once: on creation and rotation only.
    public var secret: String?
}
