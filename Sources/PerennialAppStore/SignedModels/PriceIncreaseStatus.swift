/// Whether the customer consented to a price increase (`priceIncreaseStatus`).
///
/// Kept raw, with the known values as constants: a value Apple adds later decodes, compares and
/// re-encodes unchanged.
public struct PriceIncreaseStatus: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The value exactly as Apple sends it.
    public var rawValue: Int

    /// Wraps a value as Apple sends it, known or not.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public var description: String { String(rawValue) }

    /// The customer has not responded to a price increase that needs consent. (`0`)
    public static let customerHasNotResponded = PriceIncreaseStatus(rawValue: 0)
    /// The customer consented, or was notified of an increase that needs no consent. (`1`)
    public static let customerConsentedOrWasNotified = PriceIncreaseStatus(rawValue: 1)
}
