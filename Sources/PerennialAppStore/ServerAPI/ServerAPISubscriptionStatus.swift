/// The status of an auto-renewable subscription, as the App Store Server API numbers it (Apple's `status`).
/// Kept raw: a value Apple adds later decodes too.
public struct ServerAPISubscriptionStatus: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// Apple's number.
    public var rawValue: Int

    /// Creates a status from Apple's number.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The subscription is active.
    public static let active = ServerAPISubscriptionStatus(rawValue: 1)
    /// The subscription expired.
    public static let expired = ServerAPISubscriptionStatus(rawValue: 2)
    /// The subscription is in the billing retry period.
    public static let billingRetry = ServerAPISubscriptionStatus(rawValue: 3)
    /// The subscription is in the billing grace period.
    public static let billingGracePeriod = ServerAPISubscriptionStatus(rawValue: 4)
    /// The App Store revoked the subscription.
    public static let revoked = ServerAPISubscriptionStatus(rawValue: 5)

    public var description: String { String(rawValue) }
}
