/// A Square subscription's `status`. The set is open: a status Square adds later is kept as written.
public struct SquareSubscriptionStatus: RawRepresentable, Sendable, Hashable, Codable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Starts on a date still ahead.
    public static let pending = SquareSubscriptionStatus(rawValue: "PENDING")
    /// Billing: Square sends each period's invoice, paid or not.
    public static let active = SquareSubscriptionStatus(rawValue: "ACTIVE")
    public static let canceled = SquareSubscriptionStatus(rawValue: "CANCELED")
    /// Stopped by Square: it could not be billed (the location, the customer, the card).
    public static let deactivated = SquareSubscriptionStatus(rawValue: "DEACTIVATED")
    public static let paused = SquareSubscriptionStatus(rawValue: "PAUSED")
    /// Every phase ran.
    public static let completed = SquareSubscriptionStatus(rawValue: "COMPLETED")
}
