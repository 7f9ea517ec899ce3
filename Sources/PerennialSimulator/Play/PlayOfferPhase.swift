/// The pricing phase of a subscription period, as the Orders API names it (`offerPhase`): the base plan's
/// price, an introductory price, or a free trial.
enum PlayOfferPhase: String, Sendable, Hashable, Codable {
    case base = "BASE"
    case introductory = "INTRODUCTORY"
    case freeTrial = "FREE_TRIAL"
}
