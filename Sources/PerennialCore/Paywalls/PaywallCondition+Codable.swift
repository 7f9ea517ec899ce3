/// A condition in JSON is an object whose keys must all hold (`{"stage": ["churned"], "platform": ["ios"]}`);
/// `{}` always holds. The keys:
///
/// | key | value |
/// |---|---|
/// | `stage`, `platform`, `device`, `country`, `locale`, `store` | a list of names |
/// | `churned_for` | a list of expiration reasons |
/// | `app_version` | `{"from": "2.0", "below": "3.0"}`, either bound optional |
/// | `attribute` | `{"name": …, "equals": "…"}`, `{"name": …, "in": […]}`, `{"name": …, "exists": true}` or `{"name": …, "compare": ">=", "value": 3}` |
/// | `eligible_for` | an offer id |
/// | `churn_risk` | `{"compare": ">=", "value": 70}` (the 0–100 score) |
/// | `signal` | `{"name": …, "compare": "<", "value": 2}` |
/// | `all`, `any` | a list of conditions |
/// | `not` | a condition |
extension PaywallCondition: Codable {
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    struct Bounds: Codable {
        var from: String?
        var below: String?
    }

    struct Comparing: Codable {
        var name: String?
        var compare: String?
        var value: Double?
        var equals: String?
        var `in`: [String]?
        var exists: Bool?
    }

    /// The keys a condition object may have.
    public static let keys = [
        "stage", "churned_for", "platform", "device", "app_version", "country", "locale", "store", "attribute", "eligible_for",
        "churn_risk", "signal", "all", "any", "not",
    ]

    /// The stage names `stage` accepts.
    public static let stageNames: Set<String> = ["new", "engaged", "trial", "subscriber", "lapsing", "churned"]

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let conditions = try container.allKeys.sorted { $0.stringValue < $1.stringValue }.map { try Self.decode($0, in: container) }
        self = conditions.count == 1 ? conditions[0] : .all(conditions)
    }

    private static func decode(_ key: Key, in container: KeyedDecodingContainer<Key>) throws -> PaywallCondition {
        func names() throws -> Set<String> {
            let list = try container.decode([String].self, forKey: key)
            guard !list.isEmpty else { throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "must list at least one value") }
            return Set(list)
        }
        func corrupt(_ message: String) -> DecodingError { .dataCorruptedError(forKey: key, in: container, debugDescription: message) }
        func comparison(_ text: String?) throws -> Comparison {
            guard let comparison = text.flatMap(Comparison.init(rawValue:)) else { throw corrupt("compare must be one of <, <=, ==, >=, >") }
            return comparison
        }
        switch key.stringValue {
        case "stage":
            let stages = try names()
            if let unknown = stages.subtracting(stageNames).sorted().first { throw corrupt("\(unknown) is not a journey stage") }
            return .stage(stages)
        case "churned_for":
            let reasons = try names().map { name in
                guard let reason = ExpirationReason(rawValue: name) else { throw corrupt("\(name) is not an expiration reason") }
                return reason
            }
            return .churnedFor(Set(reasons))
        case "platform": return .platform(try names())
        case "device": return .device(try names())
        case "country": return .country(try names())
        case "locale": return .locale(try names())
        case "store":
            return .store(Set(try names().map { name in
                guard let store = Store(rawValue: name) else { throw corrupt("\(name) is not a store name") }
                return store
            }))
        case "app_version":
            let bounds = try container.decode(Bounds.self, forKey: key)
            let from = try bounds.from.map { text in
                guard let version = AppVersion(text) else { throw corrupt("from is not a version") }
                return version
            }
            let below = try bounds.below.map { text in
                guard let version = AppVersion(text) else { throw corrupt("below is not a version") }
                return version
            }
            guard from != nil || below != nil else { throw corrupt("needs from, below or both") }
            return .appVersion(from: from, below: below)
        case "attribute":
            let test = try container.decode(Comparing.self, forKey: key)
            guard let name = test.name, !name.isEmpty else { throw corrupt("needs the attribute's name") }
            if let equals = test.equals { return .attributeEquals(name, equals) }
            if let values = test.in { return .attributeIn(name, Set(values)) }
            if test.exists == true { return .attributeExists(name) }
            if test.exists == false { return .not(.attributeExists(name)) }
            guard let value = test.value else { throw corrupt("needs equals, in, exists, or compare and value") }
            return .attributeNumber(name, try comparison(test.compare), value)
        case "eligible_for": return .eligibleFor(try container.decode(String.self, forKey: key))
        case "churn_risk":
            let test = try container.decode(Comparing.self, forKey: key)
            guard let value = test.value else { throw corrupt("needs compare and value") }
            return .churnRisk(try comparison(test.compare), value)
        case "signal":
            let test = try container.decode(Comparing.self, forKey: key)
            guard let name = test.name, !name.isEmpty, let value = test.value else { throw corrupt("needs name, compare and value") }
            return .signal(name, try comparison(test.compare), value)
        case "all": return .all(try container.decode([PaywallCondition].self, forKey: key))
        case "any": return .any(try container.decode([PaywallCondition].self, forKey: key))
        case "not": return .not(try container.decode(PaywallCondition.self, forKey: key))
        default:
            throw corrupt("unknown condition \(key.stringValue); one of \(keys.joined(separator: ", "))")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        func sorted(_ values: Set<String>) -> [String] { values.sorted() }
        switch self {
        case .stage(let names): try container.encode(sorted(names), forKey: Key("stage"))
        case .churnedFor(let reasons): try container.encode(sorted(Set(reasons.map(\.rawValue))), forKey: Key("churned_for"))
        case .platform(let names): try container.encode(sorted(names), forKey: Key("platform"))
        case .device(let names): try container.encode(sorted(names), forKey: Key("device"))
        case .country(let names): try container.encode(sorted(names), forKey: Key("country"))
        case .locale(let names): try container.encode(sorted(names), forKey: Key("locale"))
        case .store(let stores): try container.encode(sorted(Set(stores.map(\.rawValue))), forKey: Key("store"))
        case .appVersion(let from, let below):
            try container.encode(Bounds(from: from.map(\.text), below: below.map(\.text)), forKey: Key("app_version"))
        case .attributeEquals(let name, let value): try container.encode(Comparing(name: name, equals: value), forKey: Key("attribute"))
        case .attributeIn(let name, let values): try container.encode(Comparing(name: name, in: sorted(values)), forKey: Key("attribute"))
        case .attributeExists(let name): try container.encode(Comparing(name: name, exists: true), forKey: Key("attribute"))
        case .attributeNumber(let name, let comparison, let value):
            try container.encode(Comparing(name: name, compare: comparison.rawValue, value: value), forKey: Key("attribute"))
        case .eligibleFor(let offer): try container.encode(offer, forKey: Key("eligible_for"))
        case .churnRisk(let comparison, let value): try container.encode(Comparing(compare: comparison.rawValue, value: value), forKey: Key("churn_risk"))
        case .signal(let name, let comparison, let value):
            try container.encode(Comparing(name: name, compare: comparison.rawValue, value: value), forKey: Key("signal"))
        case .all(let conditions): try container.encode(conditions, forKey: Key("all"))
        case .any(let conditions): try container.encode(conditions, forKey: Key("any"))
        case .not(let condition): try container.encode(condition, forKey: Key("not"))
        }
    }
}
