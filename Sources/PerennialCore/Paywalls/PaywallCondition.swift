/// One condition of a placement's targeting rule, over a `PaywallContext`. A condition about something the
/// request did not say (no platform, no such attribute, no churn score) does not match.
public indirect enum PaywallCondition: Sendable, Hashable {
    /// A numeric comparison.
    public enum Comparison: String, Sendable, Hashable, CaseIterable {
        case lessThan = "<", atMost = "<=", equal = "==", atLeast = ">=", greaterThan = ">"

        func holds(_ value: Double, _ bound: Double) -> Bool {
            switch self {
            case .lessThan: value < bound
            case .atMost: value <= bound
            case .equal: value == bound
            case .atLeast: value >= bound
            case .greaterThan: value > bound
            }
        }
    }

    /// The journey stage is one of these names (`new`, `engaged`, `trial`, `subscriber`, `lapsing`,
    /// `churned`).
    case stage(Set<String>)
    /// Churned for one of these reasons (`voluntary`, `billing_error` …).
    case churnedFor(Set<ExpirationReason>)
    case platform(Set<String>)
    case device(Set<String>)
    /// The app version is at least `from` (when given) and below `below` (when given).
    case appVersion(from: AppVersion?, below: AppVersion?)
    case country(Set<String>)
    /// The locale is one of these, or a more specific one of them (`fr` matches `fr-CA`).
    case locale(Set<String>)
    /// The customer bought on one of these stores.
    case store(Set<Store>)
    case attributeEquals(String, String)
    case attributeIn(String, Set<String>)
    case attributeExists(String)
    /// The attribute, read as a number, compares so.
    case attributeNumber(String, Comparison, Double)
    /// The customer may redeem this offer now.
    case eligibleFor(String)
    case churnRisk(Comparison, Double)
    /// A reported engagement signal compares so.
    case signal(String, Comparison, Double)
    case all([PaywallCondition])
    case any([PaywallCondition])
    case not(PaywallCondition)

    public func matches(_ context: PaywallContext) -> Bool {
        switch self {
        case .stage(let names): names.contains(context.stage.name)
        case .churnedFor(let reasons):
            if case .churned(let reason?) = context.stage { reasons.contains(reason) } else { false }
        case .platform(let values): context.platform.map(values.contains) ?? false
        case .device(let values): context.device.map(values.contains) ?? false
        case .appVersion(let from, let below):
            context.appVersion.map { version in from.map { version >= $0 } ?? true && below.map { version < $0 } ?? true } ?? false
        case .country(let values): context.country.map(values.contains) ?? false
        case .locale(let values):
            context.locale.map { locale in values.contains { locale == $0 || locale.hasPrefix($0 + "-") } } ?? false
        case .store(let stores): !stores.isDisjoint(with: context.stores)
        case .attributeEquals(let name, let value): context.attributes[name] == value
        case .attributeIn(let name, let values): context.attributes[name].map(values.contains) ?? false
        case .attributeExists(let name): context.attributes[name] != nil
        case .attributeNumber(let name, let comparison, let bound):
            context.attributes[name].flatMap(Double.init).map { comparison.holds($0, bound) } ?? false
        case .eligibleFor(let offer): context.eligibleOffers.contains(offer)
        case .churnRisk(let comparison, let bound): context.churnRisk.map { comparison.holds($0, bound) } ?? false
        case .signal(let name, let comparison, let bound): context.signals[name].map { comparison.holds($0, bound) } ?? false
        case .all(let conditions): conditions.allSatisfy { $0.matches(context) }
        case .any(let conditions): conditions.contains { $0.matches(context) }
        case .not(let condition): !condition.matches(context)
        }
    }
}
