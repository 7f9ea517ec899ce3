/// An invoice's `status`: `draft`, `open`, `paid`, `uncollectible`, `void`; values Stripe adds later are
/// kept as sent.
public struct StripeInvoiceStatus: StripeOpenValue, Sendable, Hashable {
    public var rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public static let draft = Self(rawValue: "draft")
    public static let open = Self(rawValue: "open")
    public static let paid = Self(rawValue: "paid")
    public static let uncollectible = Self(rawValue: "uncollectible")
    public static let void = Self(rawValue: "void")
}
