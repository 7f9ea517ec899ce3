/// Why a body is not a subscription purchase (`SubscriptionPurchaseV2`). The message names the field, never
/// the body's contents.
public struct PlayPurchaseDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable code: `not_a_subscription_purchase`.
    public let code = "not_a_subscription_purchase"
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
