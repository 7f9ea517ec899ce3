/// Why the customer asked for a refund (`consumptionRequestReason`).
///
/// Kept raw, with the known values as constants: a value Apple adds later decodes, compares and
/// re-encodes unchanged.
public struct ConsumptionRequestReason: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The value exactly as Apple sends it.
    public var rawValue: String

    /// Wraps a value as Apple sends it, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// The customer did not mean to buy. (`UNINTENDED_PURCHASE`)
    public static let unintendedPurchase = ConsumptionRequestReason(rawValue: "UNINTENDED_PURCHASE")
    /// The customer had a problem receiving or using the purchase. (`FULFILLMENT_ISSUE`)
    public static let fulfillmentIssue = ConsumptionRequestReason(rawValue: "FULFILLMENT_ISSUE")
    /// The customer was not satisfied. (`UNSATISFIED_WITH_PURCHASE`)
    public static let unsatisfiedWithPurchase = ConsumptionRequestReason(rawValue: "UNSATISFIED_WITH_PURCHASE")
    /// A legal reason. (`LEGAL`)
    public static let legal = ConsumptionRequestReason(rawValue: "LEGAL")
    /// Another reason. (`OTHER`)
    public static let other = ConsumptionRequestReason(rawValue: "OTHER")
}
