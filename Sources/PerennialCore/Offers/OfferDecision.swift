/// Whether a customer may be shown an offer now, and why.
public enum OfferDecision: Sendable, Hashable {
    /// Eligible; `rule` names the cohort that made it so.
    case eligible(rule: String)
    /// Not eligible; `reason` is a stable code (`never_subscribed`, `not_in_cohort`, `redemption_limit`,
    /// `cooling_down`).
    case ineligible(reason: String)

    public var isEligible: Bool {
        if case .eligible = self { return true }
        return false
    }
}
