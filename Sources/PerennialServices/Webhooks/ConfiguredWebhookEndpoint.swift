/// An endpoint the configuration file defines (`apps[].webhooks`): kept in step with the file at every
/// start, changed only there. Its signing secret is the file's (`whsec_…`), since the file is its source.
public struct ConfiguredWebhookEndpoint: Sendable, Hashable {
    /// 1 to 64 letters, digits, `_` or `-`.
    public var id: String
    public var input: WebhookEndpointInput
    public var secret: WebhookSigningSecret

    public init(id: String, input: WebhookEndpointInput, secret: WebhookSigningSecret) {
        self.id = id
        self.input = input
        self.secret = secret
    }
}
