/// A day of the week, Sunday first as in the US calendars Apple's fiscal weeks follow (Sunday–Saturday).
public enum Weekday: Int, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case sunday = 0, monday, tuesday, wednesday, thursday, friday, saturday

    /// Parses a lower-case English name (`monday`), the spelling Stripe's `weekly_anchor` uses.
    public init?(name: String) {
        guard let day = Weekday.allCases.first(where: { $0.name == name.lowercased() }) else { return nil }
        self = day
    }

    /// The lower-case English name: `monday`.
    public var name: String {
        switch self {
        case .sunday: "sunday"
        case .monday: "monday"
        case .tuesday: "tuesday"
        case .wednesday: "wednesday"
        case .thursday: "thursday"
        case .friday: "friday"
        case .saturday: "saturday"
        }
    }

    /// Saturday or Sunday. Bank holidays vary by country and are not modelled anywhere in the payout
    /// calendars: a business day is Monday to Friday.
    public var isWeekend: Bool { self == .saturday || self == .sunday }

    public var description: String { name }
}
