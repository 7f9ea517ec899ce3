/// Why the App Store refunded or revoked a transaction (`revocationReason`). Named apart from
/// PerennialCore's store-neutral `RevocationReason`, so that code importing both needs no qualification.
///
/// Kept raw, with the known values as constants: a value Apple adds later decodes, compares and
/// re-encodes unchanged.
public struct AppleRevocationReason: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The value exactly as Apple sends it.
    public var rawValue: Int

    /// Wraps a value as Apple sends it, known or not.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public var description: String { String(rawValue) }

    /// Another reason, such as an accidental purchase. (`0`)
    public static let other = AppleRevocationReason(rawValue: 0)
    /// An actual or perceived issue within the app. (`1`)
    public static let appIssue = AppleRevocationReason(rawValue: 1)
}
