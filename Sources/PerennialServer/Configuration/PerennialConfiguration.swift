import PerennialServices
import PerennialStoreModule

/// Everything a self-hoster configures: the server and the apps it serves.
public struct PerennialConfiguration: Sendable {
    public var server: ServerSettings
    public var apps: [AppSettings]
    /// Each app's settings for each store, read by the store's module from the app's section of it
    /// (`google:`, `stripe:`).
    public var stores: StoreSettingsTable
    /// The webhook endpoints each app's `webhooks:` list defines, by app id.
    public var webhooks: [String: [ConfiguredWebhookEndpoint]] = [:]

    public init(
        server: ServerSettings = ServerSettings(), apps: [AppSettings] = [], stores: StoreSettingsTable = StoreSettingsTable()
    ) {
        self.server = server
        self.apps = apps
        self.stores = stores
    }
}
