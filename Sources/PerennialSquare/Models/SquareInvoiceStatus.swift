/// A Square invoice's `status`. The set is open.
public struct SquareInvoiceStatus: RawRepresentable, Sendable, Hashable, Codable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public static let draft = SquareInvoiceStatus(rawValue: "DRAFT")
    public static let unpaid = SquareInvoiceStatus(rawValue: "UNPAID")
    public static let scheduled = SquareInvoiceStatus(rawValue: "SCHEDULED")
    public static let partiallyPaid = SquareInvoiceStatus(rawValue: "PARTIALLY_PAID")
    public static let paid = SquareInvoiceStatus(rawValue: "PAID")
    public static let partiallyRefunded = SquareInvoiceStatus(rawValue: "PARTIALLY_REFUNDED")
    public static let refunded = SquareInvoiceStatus(rawValue: "REFUNDED")
    public static let canceled = SquareInvoiceStatus(rawValue: "CANCELED")
    /// Canceled by Square for suspicious activity.
    public static let failed = SquareInvoiceStatus(rawValue: "FAILED")
    public static let paymentPending = SquareInvoiceStatus(rawValue: "PAYMENT_PENDING")

    /// Whether its money was collected (some of it may have gone back since).
    public var wasPaid: Bool { self == .paid || self == .partiallyRefunded || self == .refunded }

    /// Whether it asks for money not yet collected.
    public var isOwed: Bool { self == .unpaid || self == .partiallyPaid || self == .paymentPending || self == .failed }
}
