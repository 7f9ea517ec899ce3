/// The platform of a purchase (`originalPlatform`).
///
/// Kept raw, with the known values as constants: a value Apple adds later decodes, compares and
/// re-encodes unchanged.
public struct PurchasePlatform: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The value exactly as Apple sends it.
    public var rawValue: String

    /// Wraps a value as Apple sends it, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// iOS, iPadOS or visionOS in iPad compatibility. (`iOS`)
    public static let iOS = PurchasePlatform(rawValue: "iOS")
    /// macOS. (`macOS`)
    public static let macOS = PurchasePlatform(rawValue: "macOS")
    /// tvOS. (`tvOS`)
    public static let tvOS = PurchasePlatform(rawValue: "tvOS")
    /// visionOS. (`visionOS`)
    public static let visionOS = PurchasePlatform(rawValue: "visionOS")
}
