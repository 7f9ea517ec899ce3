import Foundation

/// How often a phase bills (`DAILY` … `EVERY_TWO_YEARS`). The set is open; a cadence Perennial does not
/// know has no length.
public struct SquareCadence: RawRepresentable, Sendable, Hashable, Codable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public static let daily = SquareCadence(rawValue: "DAILY")
    public static let monthly = SquareCadence(rawValue: "MONTHLY")
    public static let annual = SquareCadence(rawValue: "ANNUAL")

    /// One period as a calendar step: a number of days, months or years.
    public var step: (component: Calendar.Component, count: Int)? {
        switch rawValue {
        case "DAILY": (.day, 1)
        case "WEEKLY": (.day, 7)
        case "EVERY_TWO_WEEKS": (.day, 14)
        case "THIRTY_DAYS": (.day, 30)
        case "SIXTY_DAYS": (.day, 60)
        case "NINETY_DAYS": (.day, 90)
        case "MONTHLY": (.month, 1)
        case "EVERY_TWO_MONTHS": (.month, 2)
        case "QUARTERLY": (.month, 3)
        case "EVERY_FOUR_MONTHS": (.month, 4)
        case "EVERY_SIX_MONTHS": (.month, 6)
        case "ANNUAL": (.year, 1)
        case "EVERY_TWO_YEARS": (.year, 2)
        default: nil
        }
    }

    /// `date` moved `times` periods later in `calendar` (its time zone is the subscription's); nil for an
    /// unknown cadence or a count out of range.
    public func adding(_ times: Int, to date: Date, in calendar: Calendar) -> Date? {
        guard let step, (0...10_000).contains(times) else { return nil }
        return calendar.date(byAdding: step.component, value: step.count * times, to: date)
    }
}
