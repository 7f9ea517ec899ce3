/// A day on the proleptic Gregorian calendar, with no time of day and no time zone: the unit store payout
/// calendars are published in ("paid on 2023-10-05").
///
/// Stored as a count of days since 1970-01-01, so arithmetic and comparison are integer operations; the
/// year, month and day come from Howard Hinnant's `civil_from_days` algorithm
/// (https://howardhinnant.github.io/date_algorithms.html), never from a `Calendar` or a local time zone.
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01 (negative before it).
    public var daysSince1970: Int

    /// The date `daysSince1970` days after 1970-01-01.
    public init(daysSince1970: Int) {
        self.daysSince1970 = daysSince1970
    }

    /// The date with these components, or nil when the day does not exist (`2023-02-29`, month 13).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), (1...CivilDate.daysInMonth(year: year, month: month)).contains(day) else {
            return nil
        }
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        daysSince1970 = era * 146_097 + dayOfEra - 719_468
    }

    /// Parses `yyyy-MM-dd` (four-digit year); nil for anything else or a day that does not exist.
    public init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The year, month (1–12) and day of month (1–31).
    public var components: (year: Int, month: Int, day: Int) {
        let shifted = daysSince1970 + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The year.
    public var year: Int { components.year }
    /// The month, 1 (January) to 12 (December).
    public var month: Int { components.month }
    /// The day of the month, 1 to 31.
    public var day: Int { components.day }

    /// The day of the week (1970-01-01 was a Thursday).
    public var weekday: Weekday {
        Weekday(rawValue: ((daysSince1970 + 4) % 7 + 7) % 7)!
    }

    /// This date moved by a number of days (negative moves back).
    public func adding(days: Int) -> CivilDate {
        CivilDate(daysSince1970: daysSince1970 + days)
    }

    /// The number of days from `other` to this date (positive when this date is later).
    public func days(since other: CivilDate) -> Int {
        daysSince1970 - other.daysSince1970
    }

    /// The last day of this date's month.
    public var lastDayOfMonth: CivilDate {
        let (year, month, day) = components
        return adding(days: CivilDate.daysInMonth(year: year, month: month) - day)
    }

    /// `yyyy-MM-dd`, the ISO 8601 calendar date.
    public var description: String {
        let (year, month, day) = components
        let yearText = String(abs(year))
        let padded = String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText
        return (year < 0 ? "-" : "") + padded + "-" + (month < 10 ? "0" : "") + String(month) + "-"
            + (day < 10 ? "0" : "") + String(day)
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool { lhs.daysSince1970 < rhs.daysSince1970 }

    /// Whether `year` has a February 29 (Gregorian rule).
    public static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The number of days in a month (1–12) of a year; 0 for a month outside 1–12.
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 1, 3, 5, 7, 8, 10, 12: 31
        case 4, 6, 9, 11: 30
        case 2: isLeapYear(year) ? 29 : 28
        default: 0
        }
    }

    /// English month names, January first: store calendars name their months in English.
    public static let monthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]
}
