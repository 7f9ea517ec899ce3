/// The kind of offer that applies to a transaction or the next renewal (`offerType`).
///
/// Kept raw, with the known values as constants: a value Apple adds later decodes, compares and
/// re-encodes unchanged.
public struct OfferType: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The value exactly as Apple sends it.
    public var rawValue: Int

    /// Wraps a value as Apple sends it, known or not.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public var description: String { String(rawValue) }

    /// An introductory offer. (`1`)
    public static let introductory = OfferType(rawValue: 1)
    /// A promotional offer. (`2`)
    public static let promotional = OfferType(rawValue: 2)
    /// An offer code. (`3`)
    public static let offerCode = OfferType(rawValue: 3)
    /// A win-back offer. (`4`)
    public static let winBack = OfferType(rawValue: 4)
}
