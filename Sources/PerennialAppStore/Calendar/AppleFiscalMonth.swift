import PerennialCore

/// One month of Apple's fiscal calendar: a whole number of Sunday-to-Saturday weeks (4, 5, or 6 in a
/// 53-week year's December).
public struct AppleFiscalMonth: Hashable, Sendable, CustomStringConvertible {
    /// The fiscal year the month belongs to (fiscal October 2023 belongs to fiscal year 2024).
    public var fiscalYear: Int
    /// The month's position in its fiscal year: 1 is October, 12 is September.
    public var index: Int
    /// The first day, a Sunday.
    public var start: CivilDate
    /// The last day, a Saturday, inclusive.
    public var end: CivilDate

    /// Creates a fiscal month.
    public init(fiscalYear: Int, index: Int, start: CivilDate, end: CivilDate) {
        self.fiscalYear = fiscalYear
        self.index = index
        self.start = start
        self.end = end
    }

    /// The calendar month it is named after, 1–12 (index 1 is October).
    public var calendarMonth: Int { (index + 8) % 12 + 1 }

    /// The year in its name: October to December carry the year before the fiscal year.
    public var calendarYear: Int { index <= 3 ? fiscalYear - 1 : fiscalYear }

    /// The name Apple's calendars use: `October 2023`.
    public var name: String { "\(CivilDate.monthNames[calendarMonth - 1]) \(calendarYear)" }

    /// The number of days, start and end included (28, 35, or 42).
    public var dayCount: Int { end.days(since: start) + 1 }

    /// The number of weeks (4, 5, or 6).
    public var weeks: Int { dayCount / 7 }

    public var description: String { "\(name) (\(start) to \(end))" }
}
