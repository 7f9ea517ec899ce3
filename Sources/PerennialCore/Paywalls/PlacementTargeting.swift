/// A placement's targeting: ordered rules, each a set of conditions that must all hold and the paywall it
/// shows (or none), then a default. The first rule that matches decides; resolution is a pure function of
/// the rules and the context, so the same request always gets the same answer.
public struct PlacementTargeting: Sendable, Hashable {
    public struct Rule: Sendable, Hashable {
        /// A name for people (`win back lapsing subscribers`).
        public var name: String
        public var conditions: [PaywallCondition]
        /// The paywall shown; nil: no paywall for these customers.
        public var paywallID: String?

        public init(name: String, conditions: [PaywallCondition], paywallID: String?) {
            self.name = name
            self.conditions = conditions
            self.paywallID = paywallID
        }
    }

    public var rules: [Rule]
    /// The paywall when no rule matches; nil: none.
    public var defaultPaywallID: String?

    public init(rules: [Rule], defaultPaywallID: String?) {
        self.rules = rules
        self.defaultPaywallID = defaultPaywallID
    }

    /// The paywall to show in `context` (nil: none), and the rule that chose it (nil: the default).
    public func resolve(_ context: PaywallContext) -> (paywallID: String?, rule: String?) {
        for rule in rules where rule.conditions.allSatisfy({ $0.matches(context) }) {
            return (rule.paywallID, rule.name)
        }
        return (defaultPaywallID, nil)
    }
}
