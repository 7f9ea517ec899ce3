/// Whether the customer bought the purchase or has it through Family Sharing (`inAppOwnershipType`).
///
/// Kept raw, with the known values as constants: a value Apple adds later decodes, compares and
/// re-encodes unchanged.
public struct InAppOwnershipType: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The value exactly as Apple sends it.
    public var rawValue: String

    /// Wraps a value as Apple sends it, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// The customer bought it. (`PURCHASED`)
    public static let purchased = InAppOwnershipType(rawValue: "PURCHASED")
    /// A family member shares it with the customer. (`FAMILY_SHARED`)
    public static let familyShared = InAppOwnershipType(rawValue: "FAMILY_SHARED")
}
