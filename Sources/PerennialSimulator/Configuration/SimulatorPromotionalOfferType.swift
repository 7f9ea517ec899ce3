/// How a promotional offer discounts a subscription, as App Store Connect names the types.
public enum SimulatorPromotionalOfferType: String, Sendable, Hashable, Codable, CaseIterable {
    /// `pay_as_you_go`: each of the offer's periods is charged the offer price.
    case payAsYouGo = "pay_as_you_go"
    /// `pay_up_front`: one charge of the offer price covers all the offer's periods.
    case payUpFront = "pay_up_front"
    /// `free`: the offer's periods cost nothing.
    case free
}
