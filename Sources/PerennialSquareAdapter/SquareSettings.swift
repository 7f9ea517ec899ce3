import PerennialServices
import PerennialSquare

/// An app's `square:` settings: its access token, the webhook subscription's signature keys and notification
/// URL exactly as configured at Square (both are part of what each delivery's signature covers), and the
/// environment.
public struct SquareSettings: Sendable, Hashable {
    public var accessToken: String
    /// The current signature key, and the previous one while it is being replaced.
    public var signatureKeys: [String]
    public var notificationURL: String
    public var isProduction: Bool
    /// Square's API; a simulator's in tests.
    public var apiBaseURL: String
    public var squareVersion: String

    public init(
        accessToken: String, signatureKeys: [String], notificationURL: String, isProduction: Bool, apiBaseURL: String? = nil,
        squareVersion: String = SquareAPIClient.defaultVersion
    ) {
        self.accessToken = accessToken
        self.signatureKeys = signatureKeys
        self.notificationURL = notificationURL
        self.isProduction = isProduction
        self.apiBaseURL = apiBaseURL ?? (isProduction ? SquareAPIClient.productionBaseURL : SquareAPIClient.sandboxBaseURL)
        self.squareVersion = squareVersion
    }
}

extension SquareSettings: StoreSettings {
    /// The access token and the signature keys.
    public var secrets: [String: [String]] { ["access_token": [accessToken], "signature_keys": signatureKeys] }

    public func isSame(as other: any StoreSettings) -> Bool {
        (other as? SquareSettings) == self
    }
}
