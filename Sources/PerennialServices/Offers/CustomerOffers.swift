import PerennialCore

/// The offers a customer may be shown now, and whether each subscription group's introductory offer
/// (free trial, introductory price) is still available to them.
public struct CustomerOffers: Sendable, Hashable {
    /// An offer and the cohort that made the customer eligible.
    public struct Eligible: Sendable, Hashable {
        public var offer: SubscriptionOffer
        public var rule: String
    }

    public var offers: [Eligible]
    /// By subscription group.
    public var introductoryOfferEligibility: [String: Bool]
}
