import PerennialServices

/// Everything a self-hoster configures: the server and the apps it serves.
public struct PerennialConfiguration: Sendable {
    public var server: ServerSettings
    public var apps: [AppSettings]
    /// The webhook endpoints each app's `webhooks:` list defines, by app id.
    public var webhooks: [String: [ConfiguredWebhookEndpoint]] = [:]

    public init(server: ServerSettings = ServerSettings(), apps: [AppSettings] = []) {
        self.server = server
        self.apps = apps
    }
}
