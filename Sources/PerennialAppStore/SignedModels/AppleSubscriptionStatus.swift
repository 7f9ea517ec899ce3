/// The status of an auto-renewable subscription in a notification's `data.status`.
///
/// Kept raw, with the known values as constants: a value Apple adds later decodes, compares and
/// re-encodes unchanged.
public struct AppleSubscriptionStatus: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The value exactly as Apple sends it.
    public var rawValue: Int

    /// Wraps a value as Apple sends it, known or not.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public var description: String { String(rawValue) }

    /// Active. (`1`)
    public static let active = AppleSubscriptionStatus(rawValue: 1)
    /// Expired. (`2`)
    public static let expired = AppleSubscriptionStatus(rawValue: 2)
    /// In the billing retry period. (`3`)
    public static let billingRetry = AppleSubscriptionStatus(rawValue: 3)
    /// In the billing grace period. (`4`)
    public static let billingGracePeriod = AppleSubscriptionStatus(rawValue: 4)
    /// Revoked. (`5`)
    public static let revoked = AppleSubscriptionStatus(rawValue: 5)
}
