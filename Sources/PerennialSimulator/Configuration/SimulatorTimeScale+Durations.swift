import Foundation
import PerennialCore

extension SimulatorTimeScale {
    private static let dayMilliseconds: Int64 = 86_400_000
    /// 1 month → 5 minutes: 30 days of 86,400 s become 300 s.
    private static let sandboxCompression: Int64 = 8_640

    /// When a period of this length that starts at `start` ends.
    func end(of period: SimulatorPeriod, from start: Instant) -> Instant {
        switch self {
        case .appleSandbox:
            return start.adding(milliseconds: period.sandboxMinutes * 60_000)
        case .factor, .manual:
            let amount = period.calendarAmount
            var components = DateComponents()
            components.day = amount.days
            components.month = amount.months
            if let end = Self.gmtCalendar.date(byAdding: components, to: start.date) {
                return Instant(end)
            }
            return start.adding(milliseconds: Int64(amount.days + amount.months * 30) * Self.dayMilliseconds)
        }
    }

    /// How long the App Store retries a failed renewal before giving up (60 days, scaled).
    var billingRetryMilliseconds: Int64 { scaledDays(60) }

    /// The length of a grace period of `days` days, scaled.
    func gracePeriodMilliseconds(days: Int) -> Int64 { scaledDays(Int64(days)) }

    /// `days` days, scaled (renewal-date extensions).
    func daysMilliseconds(_ days: Int) -> Int64 { scaledDays(Int64(days)) }

    /// `hours` hours, scaled by the same ratio as days (notification retries: in the sandbox scale one
    /// hour lasts 3600 s / 8640 ≈ 0.42 s).
    func hoursMilliseconds(_ hours: Int64) -> Int64 {
        switch self {
        case .appleSandbox: hours * 3_600_000 / Self.sandboxCompression
        case .factor, .manual: hours * 3_600_000
        }
    }

    private func scaledDays(_ days: Int64) -> Int64 {
        switch self {
        case .appleSandbox: days * Self.dayMilliseconds / Self.sandboxCompression
        case .factor, .manual: days * Self.dayMilliseconds
        }
    }

    private static let gmtCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }()
}
