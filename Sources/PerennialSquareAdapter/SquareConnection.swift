import PerennialSquare

/// One app's way to Square: its settings, its API client, and its webhook verifier.
public struct SquareConnection: Sendable {
    public let settings: SquareSettings
    public let client: SquareAPIClient
    let verifier: SquareWebhookVerifier

    public init(settings: SquareSettings, client: SquareAPIClient) {
        self.settings = settings
        self.client = client
        verifier = SquareWebhookVerifier(signatureKeys: settings.signatureKeys, notificationURL: settings.notificationURL)
    }
}
