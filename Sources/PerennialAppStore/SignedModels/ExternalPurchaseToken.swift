import PerennialCore

/// An external purchase token (`externalPurchaseToken`), field names exactly as Apple sends them.
public struct ExternalPurchaseToken: Codable, Sendable, Hashable {
    /// The token's id; ids of Sandbox tokens start with `SANDBOX`.
    public var externalPurchaseId: String?
    /// When the token was created.
    public var tokenCreationDate: Instant?
    /// The app's Apple id.
    public var appAppleId: Int64?
    /// The app's bundle id.
    public var bundleId: String?

    /// An empty token: every field nil.
    public init() {}

    /// The environment Apple's libraries infer for the token: Sandbox when its id starts with `SANDBOX`.
    public var environment: AppleEnvironment {
        externalPurchaseId?.hasPrefix("SANDBOX") == true ? .sandbox : .production
    }

    /// Decodes every known field, ignores unknown ones, and reads dates with fractional milliseconds.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        externalPurchaseId = try c.decodeIfPresent(String.self, forKey: .externalPurchaseId)
        tokenCreationDate = try c.decodeAppleDate(forKey: .tokenCreationDate)
        appAppleId = try c.decodeIfPresent(Int64.self, forKey: .appAppleId)
        bundleId = try c.decodeIfPresent(String.self, forKey: .bundleId)
    }
}
