/// How a subscription offer charges (App Store Connect's offer types).
public enum OfferPaymentMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// A reduced price for each of several periods.
    case payAsYouGo = "pay_as_you_go"
    /// One reduced payment for several periods.
    case payUpFront = "pay_up_front"
    /// Free for the periods.
    case free
}
