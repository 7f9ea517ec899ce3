import PerennialCore

/// What an app says when it asks for a placement's paywall, checked: each field is nil or valid.
public struct PaywallRequest: Sendable, Hashable, Codable {
    public var placement: String
    /// `ios`, `android` or `web`.
    public var platform: String?
    /// `phone`, `tablet`, `desktop` or `tv`.
    public var device: String?
    public var appVersion: String?
    /// ISO 3166-1 alpha-2, upper case.
    public var country: String?
    /// BCP 47.
    public var locale: String?

    enum CodingKeys: String, CodingKey {
        case placement, platform, device, country, locale
        case appVersion = "app_version"
    }

    public static let platforms: Set<String> = ["ios", "android", "web"]
    public static let devices: Set<String> = ["phone", "tablet", "desktop", "tv"]

    /// Throws `invalid_paywall_request` naming the first parameter that is not valid.
    public init(placement: String, platform: String?, device: String?, appVersion: String?, country: String?, locale: String?) throws {
        func refuse(_ message: String) -> PerennialError { PerennialError(.invalidPaywallRequest, message) }
        guard PaywallDocumentValidator.isValidID(placement) else { throw refuse("placement: 1 to 64 letters, digits, '_', '-' or '.'") }
        if let platform, !Self.platforms.contains(platform) { throw refuse("platform: ios, android or web") }
        if let device, !Self.devices.contains(device) { throw refuse("device: phone, tablet, desktop or tv") }
        if let appVersion, appVersion.utf8.count > 64 || AppVersion(appVersion) == nil { throw refuse("app_version: dotted numbers (2.10.1)") }
        let country = country?.uppercased()
        if let country, !(country.utf8.count == 2 && country.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) {
            throw refuse("country: an ISO 3166-1 alpha-2 code (US, FR)")
        }
        if let locale, locale.utf8.count > 35 || !PaywallDocumentValidator.isLocale(locale) { throw refuse("locale: a BCP 47 locale (en, fr-CA)") }
        self.placement = placement
        self.platform = platform
        self.device = device
        self.appVersion = appVersion
        self.country = country
        self.locale = locale
    }
}
