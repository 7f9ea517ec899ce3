/// The payment mode of an offer (`offerDiscountType`).
///
/// Kept raw, with the known values as constants: a value Apple adds later decodes, compares and
/// re-encodes unchanged.
public struct OfferDiscountType: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The value exactly as Apple sends it.
    public var rawValue: String

    /// Wraps a value as Apple sends it, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// A free trial. (`FREE_TRIAL`)
    public static let freeTrial = OfferDiscountType(rawValue: "FREE_TRIAL")
    /// A discounted price each period. (`PAY_AS_YOU_GO`)
    public static let payAsYouGo = OfferDiscountType(rawValue: "PAY_AS_YOU_GO")
    /// A discounted price paid once for the offer's duration. (`PAY_UP_FRONT`)
    public static let payUpFront = OfferDiscountType(rawValue: "PAY_UP_FRONT")
    /// A one-time discount (offer codes for one-time purchases). (`ONE_TIME`)
    public static let oneTime = OfferDiscountType(rawValue: "ONE_TIME")
}
