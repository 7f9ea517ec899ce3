import Foundation
import PerennialCore

/// How long one period of an Adyen subscription lasts: a number of days, months or years, counted on the
/// UTC calendar from the first payment (a month from January 31 ends at the end of February).
public struct AdyenBillingPeriod: Sendable, Hashable {
    public enum Unit: String, Sendable, Hashable {
        case day, month, year
    }

    public var unit: Unit
    public var count: Int

    public init(_ count: Int, _ unit: Unit) {
        self.unit = unit
        self.count = max(1, count)
    }

    /// The start of period `index` of a subscription that started at `start`.
    public func start(of index: Int, from start: Instant) -> Instant {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let component: Calendar.Component = switch unit {
        case .day: .day
        case .month: .month
        case .year: .year
        }
        return calendar.date(byAdding: component, value: count * index, to: start.date).map(Instant.init) ?? start
    }
}

extension AdyenBillingPeriod {
    /// Reads `P<n>D`, `P<n>W` (seven days each), `P<n>M` or `P<n>Y`, n from 1 to 999; nil otherwise.
    public init?(iso8601 text: String) {
        guard text.count >= 3, text.count <= 5, text.first == "P", let count = Int(text.dropFirst().dropLast()), (1...999).contains(count) else {
            return nil
        }
        switch text.last {
        case "D": self.init(count, .day)
        case "W": self.init(count * 7, .day)
        case "M": self.init(count, .month)
        case "Y": self.init(count, .year)
        default: return nil
        }
    }

    /// The fewest days one period can last (a month: 28).
    public var shortestDays: Int {
        switch unit {
        case .day: count
        case .month: count * 28
        case .year: count * 365
        }
    }
}
