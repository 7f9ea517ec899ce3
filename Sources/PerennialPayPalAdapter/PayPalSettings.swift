import Foundation
import PerennialPayPal
import PerennialServices
import X509

/// An app's `paypal:` settings: its REST app's credentials, the id of the webhook PayPal delivers to
/// Perennial (part of what each delivery's signature covers), the environment, and what a delivery's
/// certificate is checked against.
public struct PayPalSettings: Sendable, Hashable {
    public var credentials: PayPalCredentials
    public var webhookID: String
    /// Sandbox or live; the sandbox's data is the sandbox environment's.
    public var isLive: Bool
    /// PayPal's API; a simulator's in tests.
    public var apiBaseURL: String
    /// Which certificate URLs may be fetched.
    public var certificateURLs: PayPalCertificateURLRule
    /// The roots a delivery's certificate must chain to (the system's trusted roots by default).
    public var trustedRoots: [Certificate]

    public init(
        credentials: PayPalCredentials, webhookID: String, isLive: Bool, apiBaseURL: String? = nil,
        certificateURLs: PayPalCertificateURLRule = PayPalCertificateURLRule(), trustedRoots: [Certificate]
    ) {
        self.credentials = credentials
        self.webhookID = webhookID
        self.isLive = isLive
        self.apiBaseURL = apiBaseURL ?? (isLive ? PayPalAPIClient.liveBaseURL : PayPalAPIClient.sandboxBaseURL)
        self.certificateURLs = certificateURLs
        self.trustedRoots = trustedRoots
    }
}

extension PayPalSettings: StoreSettings {
    /// The REST app's secret.
    public var secrets: [String: [String]] { ["secret": [credentials.secret]] }

    public func isSame(as other: any StoreSettings) -> Bool {
        (other as? PayPalSettings) == self
    }
}
