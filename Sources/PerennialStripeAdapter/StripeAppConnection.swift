import PerennialStripe

/// One app's way to Stripe: its API client (the secret key inside) and how its webhooks and customers are
/// treated. Its description never shows a secret.
public struct StripeAppConnection: Sendable, CustomStringConvertible {
    public let client: StripeAPIClient
    let webhookSecrets: [String]
    public let tolerance: Duration
    public let pastDueAccess: StripePastDueAccess
    public let checkout: StripeSettings.Checkout?
    public let portalReturnURL: String?

    /// The connection of `settings`, through `client` (built by the composition root from the same settings:
    /// its key, base URL and API version).
    public init(settings: StripeSettings, client: StripeAPIClient) {
        self.client = client
        webhookSecrets = settings.webhookSecrets
        tolerance = .seconds(max(1, settings.toleranceSeconds))
        pastDueAccess = settings.pastDueAccess
        checkout = settings.checkout
        portalReturnURL = settings.portalReturnURL
    }

    public var description: String { "StripeAppConnection(\(client))" }
}
