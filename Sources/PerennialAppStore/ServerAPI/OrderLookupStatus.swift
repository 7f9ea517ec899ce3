/// Whether Look Up Order ID found a valid order. Kept raw: unknown values decode too.
public struct OrderLookupStatus: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// Apple's number.
    public var rawValue: Int

    /// Creates a status from Apple's number.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The order id is valid.
    public static let valid = OrderLookupStatus(rawValue: 0)
    /// The order id is not valid (or belongs to another app).
    public static let invalid = OrderLookupStatus(rawValue: 1)

    public var description: String { String(rawValue) }
}
