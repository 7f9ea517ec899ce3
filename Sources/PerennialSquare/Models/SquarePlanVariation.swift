/// A subscription plan variation from the catalog (`GET /v2/catalog/object/{id}`: `{"object": {"type":
/// "SUBSCRIPTION_PLAN_VARIATION", "id", "subscription_plan_variation_data": {"name", "phases"}}}`).
public struct SquarePlanVariation: Sendable, Hashable, Decodable {
    public var id: String
    public var name: String?
    public var phases: [SquarePhase]

    public init(id: String, name: String?, phases: [SquarePhase]) {
        self.id = id
        self.name = name
        self.phases = phases
    }

    enum CodingKeys: String, CodingKey {
        case id, data = "subscription_plan_variation_data"
    }

    struct Data: Decodable {
        var name: String?
        var phases: [SquarePhase]?
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        let data = try container.decodeIfPresent(Data.self, forKey: .data)
        name = data?.name
        phases = data?.phases ?? []
    }

    /// The phases in the order they run.
    public var orderedPhases: [SquarePhase] {
        phases.enumerated().sorted { ($0.element.ordinal ?? $0.offset, $0.offset) < ($1.element.ordinal ?? $1.offset, $1.offset) }.map(\.element)
    }
}
