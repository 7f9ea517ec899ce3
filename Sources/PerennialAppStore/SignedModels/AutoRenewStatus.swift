/// Whether the subscription will renew automatically (`autoRenewStatus`).
///
/// Kept raw, with the known values as constants: a value Apple adds later decodes, compares and
/// re-encodes unchanged.
public struct AutoRenewStatus: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The value exactly as Apple sends it.
    public var rawValue: Int

    /// Wraps a value as Apple sends it, known or not.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public var description: String { String(rawValue) }

    /// Auto-renew is off. (`0`)
    public static let off = AutoRenewStatus(rawValue: 0)
    /// Auto-renew is on. (`1`)
    public static let on = AutoRenewStatus(rawValue: 1)
}
