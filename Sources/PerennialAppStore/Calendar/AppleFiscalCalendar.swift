import PerennialCore

/// Apple's fiscal calendar, by which the App Store pays developers, and the twelve payments it makes in a
/// fiscal year.
///
/// The rules, with sources:
/// - The fiscal year is "the 52- or 53-week period that ends on the last Saturday of September. An
///   additional week is included in the first fiscal quarter every five or six years to realign the
///   Company's fiscal quarters with calendar quarters, which occurred in the first fiscal quarter of 2023.
///   The Company's fiscal year 2023 spanned 53 weeks" — Apple Inc. Form 10-K for fiscal 2023, Note 1
///   (SEC accession 0000320193-23-000106,
///   https://www.sec.gov/Archives/edgar/data/320193/000032019323000106/aapl-20230930.htm). Which years
///   have 53 weeks falls out of the year-end rule: those 371 days after the previous year-end (FY2000,
///   2006, 2012, 2017, 2023, 2028, 2034, …). Before fiscal 1999 years ended on a Friday, so only
///   `supportedFiscalYears` are modelled.
/// - Weeks run Sunday to Saturday; each quarter is 13 weeks split 5-4-4 (Apple's published developer
///   fiscal calendars, e.g. FY2024: October 1 – November 4, 2023 is five weeks, then four and four).
/// - The extra week goes to December, Q1's third month (5-4-5): Apple's FY2023 Q1 ran September 25 –
///   December 31, 2022 (10-Q for the quarter ended December 31, 2022) while fiscal November 2022 still
///   ended on November 26 (App Store Connect finance reports, https://developer.apple.com/forums/thread/726950),
///   so October and November kept 5 and 4 weeks and December ran November 27 – December 31. The same
///   placement is in keboola-ex-itunes-connect's generator for Apple's financial reports
///   (github.com/blueskydigital/keboola-ex-itunes-connect, src/helpers/fiscalCalendarHelper.js).
/// - Each fiscal month's proceeds are paid 33 days after the month ends, a Thursday (Apple's FY2024 payment
///   calendar: revenue August 6 – September 2, 2023 paid October 5, 2023).
public struct AppleFiscalCalendar: Hashable, Sendable {
    /// Fiscal years whose year-end follows the last-Saturday-of-September rule and that the CLI accepts.
    public static let supportedFiscalYears = 2000...2100

    /// Days between the last day of a fiscal month and the day its proceeds are paid.
    public static let paymentDelayDays = 33

    /// The fiscal year: fiscal 2024 ran October 1, 2023 – September 28, 2024.
    public let fiscalYear: Int

    /// The calendar of a fiscal year in `supportedFiscalYears`.
    public init(fiscalYear: Int) throws(PayoutCalendarError) {
        guard AppleFiscalCalendar.supportedFiscalYears.contains(fiscalYear) else {
            throw .fiscalYearOutOfRange(fiscalYear, supported: AppleFiscalCalendar.supportedFiscalYears)
        }
        self.fiscalYear = fiscalYear
    }

    /// The last Saturday of September of `year`: the last day of fiscal year `year`.
    public static func yearEnd(ofFiscalYear year: Int) -> CivilDate {
        let september30 = CivilDate(year: year, month: 9, day: 30)!
        return september30.adding(days: -((september30.weekday.rawValue + 1) % 7))
    }

    /// The first day, a Sunday.
    public var start: CivilDate { AppleFiscalCalendar.yearEnd(ofFiscalYear: fiscalYear - 1).adding(days: 1) }

    /// The last day, a Saturday.
    public var end: CivilDate { AppleFiscalCalendar.yearEnd(ofFiscalYear: fiscalYear) }

    /// 52, or 53 when the extra week is added.
    public var weeks: Int { (end.days(since: start) + 1) / 7 }

    /// The weeks in each of the twelve months, October first: 5-4-4 per quarter, December 5 in a 53-week year.
    public var weeksPerMonth: [Int] {
        var pattern = [5, 4, 4, 5, 4, 4, 5, 4, 4, 5, 4, 4]
        if weeks == 53 { pattern[2] += 1 }
        return pattern
    }

    /// The twelve fiscal months, October first, contiguous from `start` to `end`.
    public var months: [AppleFiscalMonth] {
        var next = start
        return weeksPerMonth.enumerated().map { offset, weeks in
            let month = AppleFiscalMonth(
                fiscalYear: fiscalYear, index: offset + 1, start: next, end: next.adding(days: weeks * 7 - 1))
            next = month.end.adding(days: 1)
            return month
        }
    }

    /// The twelve payments made during the fiscal year, in order. Each pays a fiscal month's proceeds 33 days
    /// after it ends and carries the name of the fiscal month two later (the August 2023 revenue paid on
    /// October 5, 2023 is "October 2023"), as Apple's payment calendars list them: so fiscal 2024's payments
    /// are for fiscal August 2023 through fiscal July 2024.
    public var payments: [StorePayment] {
        let current = months
        let previous = AppleFiscalCalendar(uncheckedFiscalYear: fiscalYear - 1).months
        let revenueMonths = Array(previous.suffix(2)) + current.prefix(10)
        return zip(current, revenueMonths).map { named, revenue in
            StorePayment(
                label: named.name, paymentDate: revenue.end.adding(days: AppleFiscalCalendar.paymentDelayDays),
                revenuePeriodStart: revenue.start, revenuePeriodEnd: revenue.end)
        }
    }

    /// The year before a supported one, whose last two months are paid in it.
    private init(uncheckedFiscalYear: Int) { fiscalYear = uncheckedFiscalYear }
}
