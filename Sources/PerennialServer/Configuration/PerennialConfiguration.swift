import PerennialServices
import PerennialStripeAdapter

/// Everything a self-hoster configures: the server and the apps it serves.
public struct PerennialConfiguration: Sendable {
    public var server: ServerSettings
    public var apps: [AppSettings]
    /// Each app's `google:` settings, by app id.
    public var google: [String: GooglePlaySettings]
    /// Each app's `stripe:` settings, by app id.
    public var stripe: [String: StripeSettings]
    /// The webhook endpoints each app's `webhooks:` list defines, by app id.
    public var webhooks: [String: [ConfiguredWebhookEndpoint]] = [:]

    public init(
        server: ServerSettings = ServerSettings(), apps: [AppSettings] = [], google: [String: GooglePlaySettings] = [:],
        stripe: [String: StripeSettings] = [:]
    ) {
        self.server = server
        self.apps = apps
        self.google = google
        self.stripe = stripe
    }
}
