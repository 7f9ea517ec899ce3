/// A subscription transaction's `status`. The set is open.
public struct PayPalTransactionStatus: RawRepresentable, Sendable, Hashable, Codable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public static let completed = PayPalTransactionStatus(rawValue: "COMPLETED")
    public static let declined = PayPalTransactionStatus(rawValue: "DECLINED")
    public static let partiallyRefunded = PayPalTransactionStatus(rawValue: "PARTIALLY_REFUNDED")
    public static let pending = PayPalTransactionStatus(rawValue: "PENDING")
    public static let refunded = PayPalTransactionStatus(rawValue: "REFUNDED")

    /// Whether the money was collected (and perhaps given back since).
    public var wasCollected: Bool {
        self == .completed || self == .partiallyRefunded || self == .refunded
    }
}
