/// The kind of period a subscription is in.
public enum PeriodType: String, Sendable, Codable, Hashable {
    case trial
    case intro
    case normal
}
