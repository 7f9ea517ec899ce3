/// The offer a new subscriber takes with a purchase.
public enum SimulatorOffer: String, Sendable, Hashable, Codable, CaseIterable {
    case none
    /// The product's free trial (`is_trial_period` "true" on the first period).
    case trial
    /// The product's introductory offer (`is_in_intro_offer_period` "true" for its periods).
    case intro
}
