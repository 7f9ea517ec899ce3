/// Where events are posted, and the secrets that sign them.
public struct StripeSimulatedWebhookEndpoint: Sendable, Hashable {
    public var id: String
    public var url: String
    /// The current signing secret.
    public var secret: String
    /// A rolled secret that still signs until `previousSecretExpires` (simulator time, Unix seconds).
    public var previousSecret: String?
    public var previousSecretExpires: Int64?

    /// The secrets in force at `now`, current first.
    func secrets(at now: Int64) -> [String] {
        guard let previousSecret, let previousSecretExpires, now < previousSecretExpires else { return [secret] }
        return [secret, previousSecret]
    }
}
