/// What a placement shows a customer: a paywall, or nothing and why. Either may be an experiment's exposure.
public enum PaywallDecision: Sendable, Hashable {
    case show(ResolvedPaywall)
    case none(reason: Reason, experiment: ExperimentAssignment?)

    public enum Reason: String, Sendable, Hashable {
        /// The customer has an active entitlement, and the placement does not show paywalls to such customers.
        case entitled
        /// A rule, the default or an experiment's variant says no paywall.
        case noPaywall = "no_paywall"
    }

    /// The experiment arm the customer was exposed to, if any.
    public var experiment: ExperimentAssignment? {
        switch self {
        case .show(let paywall): paywall.experiment
        case .none(_, let experiment): experiment
        }
    }
}
