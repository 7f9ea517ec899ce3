/// Why a subscription expired (`expirationIntent`).
///
/// Kept raw, with the known values as constants: a value Apple adds later decodes, compares and
/// re-encodes unchanged.
public struct ExpirationIntent: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The value exactly as Apple sends it.
    public var rawValue: Int

    /// Wraps a value as Apple sends it, known or not.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public var description: String { String(rawValue) }

    /// The customer cancelled. (`1`)
    public static let customerCancelled = ExpirationIntent(rawValue: 1)
    /// A billing error. (`2`)
    public static let billingError = ExpirationIntent(rawValue: 2)
    /// The customer did not consent to a price increase. (`3`)
    public static let didNotConsentToPriceIncrease = ExpirationIntent(rawValue: 3)
    /// The product was not available for purchase at renewal. (`4`)
    public static let productNotAvailable = ExpirationIntent(rawValue: 4)
    /// Another reason. (`5`)
    public static let other = ExpirationIntent(rawValue: 5)
}
