/// The type of an in-app purchase (`type`).
///
/// Kept raw, with the known values as constants: a value Apple adds later decodes, compares and
/// re-encodes unchanged.
public struct ProductTypeV2: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The value exactly as Apple sends it.
    public var rawValue: String

    /// Wraps a value as Apple sends it, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// An auto-renewable subscription. (`Auto-Renewable Subscription`)
    public static let autoRenewableSubscription = ProductTypeV2(rawValue: "Auto-Renewable Subscription")
    /// A non-consumable purchase. (`Non-Consumable`)
    public static let nonConsumable = ProductTypeV2(rawValue: "Non-Consumable")
    /// A consumable purchase. (`Consumable`)
    public static let consumable = ProductTypeV2(rawValue: "Consumable")
    /// A non-renewing subscription. (`Non-Renewing Subscription`)
    public static let nonRenewingSubscription = ProductTypeV2(rawValue: "Non-Renewing Subscription")
}
