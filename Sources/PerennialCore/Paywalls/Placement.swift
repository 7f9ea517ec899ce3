/// Where an app shows a paywall (`onboarding`, `settings`, `premium_content`), and which one each customer
/// gets there: ordered rules, first match wins, then a default.
public struct Placement: Sendable, Hashable, Codable {
    /// One rule: when its condition holds, this paywall (or none).
    public struct Rule: Sendable, Hashable, Codable {
        public var name: String
        /// Every condition must hold (an empty object always does).
        public var when: PaywallCondition
        /// The paywall shown; nil: none.
        public var paywall: String?

        public init(name: String, when: PaywallCondition, paywall: String?) {
            self.name = name
            self.when = when
            self.paywall = paywall
        }
    }

    public var id: String
    public var rules: [Rule]
    /// The paywall when no rule matches; nil: none.
    public var defaultPaywall: String?
    /// Whether customers with an active entitlement are shown paywalls here (an upgrade or retention
    /// placement); otherwise they get none.
    public var showToEntitled: Bool

    enum CodingKeys: String, CodingKey {
        case id, rules
        case defaultPaywall = "default_paywall", showToEntitled = "show_to_entitled"
    }

    public init(id: String, rules: [Rule] = [], defaultPaywall: String?, showToEntitled: Bool = false) {
        self.id = id
        self.rules = rules
        self.defaultPaywall = defaultPaywall
        self.showToEntitled = showToEntitled
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        rules = try container.decodeIfPresent([Rule].self, forKey: .rules) ?? []
        defaultPaywall = try container.decodeIfPresent(String.self, forKey: .defaultPaywall)
        showToEntitled = try container.decodeIfPresent(Bool.self, forKey: .showToEntitled) ?? false
    }

    /// The placement's rules as targeting.
    public var targeting: PlacementTargeting {
        PlacementTargeting(
            rules: rules.map { .init(name: $0.name, conditions: [$0.when], paywallID: $0.paywall) }, defaultPaywallID: defaultPaywall
        )
    }
}
