/// How long something lasts, from an ISO 8601 period of one unit (`P7D`, `P1W`, `P1M`, `P3M`, `P1Y`), or
/// `lifetime`.
public enum BillingPeriod: Sendable, Hashable {
    public enum Unit: String, Sendable, Hashable {
        case day = "D", week = "W", month = "M", year = "Y"
    }

    case every(Int, Unit)
    case lifetime

    /// Nil for anything but `lifetime` or `P<n><D|W|M|Y>` with n from 1 to 999.
    public init?(_ text: String) {
        if text == "lifetime" {
            self = .lifetime
            return
        }
        guard text.count >= 3, text.count <= 5, text.hasPrefix("P"), let unit = text.last.flatMap({ Unit(rawValue: String($0)) }),
              let count = Int(text.dropFirst().dropLast()), (1...999).contains(count)
        else { return nil }
        self = .every(count, unit)
    }

    /// How many of these periods make a month (a week is 12/52 of a year); nil for lifetime.
    public var perMonth: Double? {
        switch self {
        case .lifetime: nil
        case .every(let count, .day): 365.0 / 12.0 / Double(count)
        case .every(let count, .week): 52.0 / 12.0 / Double(count)
        case .every(let count, .month): 1.0 / Double(count)
        case .every(let count, .year): 1.0 / 12.0 / Double(count)
        }
    }

    /// The period in English words (`1 month`, `3 months`, `7 days`, `lifetime`), the fallback when a paywall
    /// does not name it in its own strings.
    public var words: String {
        switch self {
        case .lifetime: return "lifetime"
        case .every(let count, let unit):
            let name = switch unit {
            case .day: "day"
            case .week: "week"
            case .month: "month"
            case .year: "year"
            }
            return count == 1 ? "1 \(name)" : "\(count) \(name)s"
        }
    }
}
