/// Everything an app's paywalls are: its offerings (one of them current), paywalls, placements and
/// experiments, and how journey stages are told apart. Stored whole as one immutable revision per change
/// (`PaywallRevision`), so what any customer was shown can be rebuilt from the revision their exposure names.
public struct PaywallDocument: Sendable, Hashable, Codable {
    public var offerings: [Offering]
    /// The offering sold where a paywall names none.
    public var currentOffering: String?
    public var paywalls: [PaywallDefinition]
    public var placements: [Placement]
    public var experiments: [Experiment]
    public var journey: JourneyStageRule

    enum CodingKeys: String, CodingKey {
        case offerings, paywalls, placements, experiments, journey
        case currentOffering = "current_offering"
    }

    public init(
        offerings: [Offering] = [], currentOffering: String? = nil, paywalls: [PaywallDefinition] = [], placements: [Placement] = [],
        experiments: [Experiment] = [], journey: JourneyStageRule = JourneyStageRule()
    ) {
        self.offerings = offerings
        self.currentOffering = currentOffering
        self.paywalls = paywalls
        self.placements = placements
        self.experiments = experiments
        self.journey = journey
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        offerings = try container.decodeIfPresent([Offering].self, forKey: .offerings) ?? []
        currentOffering = try container.decodeIfPresent(String.self, forKey: .currentOffering)
        paywalls = try container.decodeIfPresent([PaywallDefinition].self, forKey: .paywalls) ?? []
        placements = try container.decodeIfPresent([Placement].self, forKey: .placements) ?? []
        experiments = try container.decodeIfPresent([Experiment].self, forKey: .experiments) ?? []
        journey = try container.decodeIfPresent(JourneyStageRule.self, forKey: .journey) ?? JourneyStageRule()
    }

    public func offering(_ id: String?) -> Offering? {
        guard let id = id ?? currentOffering else { return nil }
        return offerings.first { $0.id == id }
    }

    public func paywall(_ id: String) -> PaywallDefinition? {
        paywalls.first { $0.id == id }
    }

    public func placement(_ id: String) -> Placement? {
        placements.first { $0.id == id }
    }

    public func experiment(_ id: String) -> Experiment? {
        experiments.first { $0.id == id }
    }

    /// The experiment running on a placement, if any (validation allows one at a time).
    public func runningExperiment(on placement: String) -> Experiment? {
        experiments.first { $0.placement == placement && $0.status == .running }
    }
}
