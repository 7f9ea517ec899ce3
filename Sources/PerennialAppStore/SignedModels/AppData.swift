/// The app a notification is about when it concerns no purchase (`appData`), field names exactly as Apple
/// sends them.
public struct AppData: Codable, Sendable, Hashable {
    /// The app's Apple id.
    public var appAppleId: Int64?
    /// The app's bundle id.
    public var bundleId: String?
    /// The environment the notification is about.
    public var environment: AppleEnvironment?
    /// The customer's app transaction, as a JWS.
    public var signedAppTransactionInfo: String?

    /// Empty app data: every field nil.
    public init() {}
}
