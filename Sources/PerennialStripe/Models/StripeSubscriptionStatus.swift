/// A subscription's `status`. Values Stripe adds later are kept as sent, never a decoding failure.
public struct StripeSubscriptionStatus: StripeOpenValue, Sendable, Hashable {
    public var rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public static let trialing = Self(rawValue: "trialing")
    public static let active = Self(rawValue: "active")
    public static let pastDue = Self(rawValue: "past_due")
    public static let unpaid = Self(rawValue: "unpaid")
    public static let canceled = Self(rawValue: "canceled")
    public static let incomplete = Self(rawValue: "incomplete")
    public static let incompleteExpired = Self(rawValue: "incomplete_expired")
    public static let paused = Self(rawValue: "paused")
}
