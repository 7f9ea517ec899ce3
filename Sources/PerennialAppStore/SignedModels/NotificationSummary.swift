/// The result of a mass renewal-date extension (`summary`), field names exactly as Apple sends them.
public struct NotificationSummary: Codable, Sendable, Hashable {
    /// The environment of the extension.
    public var environment: AppleEnvironment?
    /// The app's Apple id.
    public var appAppleId: Int64?
    /// The app's bundle id.
    public var bundleId: String?
    /// The extended product.
    public var productId: String?
    /// The id of the extension request.
    public var requestIdentifier: String?
    /// The storefronts the extension covered (three-letter country codes).
    public var storefrontCountryCodes: [String]?
    /// How many subscriptions were extended.
    public var succeededCount: Int64?
    /// How many subscriptions could not be extended.
    public var failedCount: Int64?

    /// An empty summary: every field nil.
    public init() {}
}
