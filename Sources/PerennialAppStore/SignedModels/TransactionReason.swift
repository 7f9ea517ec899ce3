/// Whether the customer started the transaction or the system renewed (`transactionReason`).
///
/// Kept raw, with the known values as constants: a value Apple adds later decodes, compares and
/// re-encodes unchanged.
public struct TransactionReason: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The value exactly as Apple sends it.
    public var rawValue: String

    /// Wraps a value as Apple sends it, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// The customer bought, or upgraded, or restored after a lapse. (`PURCHASE`)
    public static let purchase = TransactionReason(rawValue: "PURCHASE")
    /// The App Store renewed the subscription. (`RENEWAL`)
    public static let renewal = TransactionReason(rawValue: "RENEWAL")
}
