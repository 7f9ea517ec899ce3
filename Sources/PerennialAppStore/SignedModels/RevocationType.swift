/// How a transaction was revoked (`revocationType`).
///
/// Kept raw, with the known values as constants: a value Apple adds later decodes, compares and
/// re-encodes unchanged.
public struct RevocationType: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The value exactly as Apple sends it.
    public var rawValue: String

    /// Wraps a value as Apple sends it, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// A full refund. (`REFUND_FULL`)
    public static let refundFull = RevocationType(rawValue: "REFUND_FULL")
    /// A prorated refund; see `revocationPercentage`. (`REFUND_PRORATED`)
    public static let refundProrated = RevocationType(rawValue: "REFUND_PRORATED")
    /// Family Sharing access ended. (`FAMILY_REVOKE`)
    public static let familyRevoke = RevocationType(rawValue: "FAMILY_REVOKE")
}
