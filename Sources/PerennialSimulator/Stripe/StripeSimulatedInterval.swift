import Foundation

/// A price's recurring interval: `day`, `week`, `month` or `year`, times `interval_count`.
public struct StripeSimulatedInterval: Sendable, Hashable {
    public enum Unit: String, Sendable, Hashable {
        case day, week, month, year
    }

    public var unit: Unit
    public var count: Int

    public init(unit: Unit, count: Int = 1) {
        self.unit = unit
        self.count = count
    }

    /// The end of period `index` (0: the first) of a cycle anchored at `anchor`, in Unix seconds. Months and
    /// years count from the anchor, so the 31st stays the 31st where a month has one (UTC).
    func end(anchor: Int64, periods index: Int) -> Int64 {
        let steps = count * (index + 1)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let start = Date(timeIntervalSince1970: TimeInterval(anchor))
        let component: Calendar.Component
        switch unit {
        case .day: return anchor + Int64(steps) * 86_400
        case .week: return anchor + Int64(steps) * 7 * 86_400
        case .month: component = .month
        case .year: component = .year
        }
        let date = calendar.date(byAdding: component, value: steps, to: start) ?? start
        return Int64(date.timeIntervalSince1970)
    }
}
