import PerennialPayPal

/// One app's way to PayPal: its settings, its API client, and its webhook verifier.
public struct PayPalConnection: Sendable {
    public let settings: PayPalSettings
    public let client: PayPalAPIClient
    let verifier: PayPalWebhookVerifier

    public init(settings: PayPalSettings, client: PayPalAPIClient) {
        self.settings = settings
        self.client = client
        verifier = PayPalWebhookVerifier(roots: settings.trustedRoots)
    }
}
