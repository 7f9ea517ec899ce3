import Foundation

/// What the server's targeting rules may read about the device asking for a paywall.
public struct PaywallContext: Sendable, Hashable {
    /// `phone`, `tablet`, `desktop` or `tv`.
    public var device: String?
    /// The app's version (`CFBundleShortVersionString`).
    public var appVersion: String?
    /// The storefront's country, ISO 3166-1 alpha-2.
    public var country: String?
    /// The customer's locale (`fr-FR`).
    public var locale: String?

    /// A context; every value optional.
    public init(device: String? = nil, appVersion: String? = nil, country: String? = nil, locale: String? = nil) {
        self.device = device
        self.appVersion = appVersion
        self.country = country
        self.locale = locale
    }
}
