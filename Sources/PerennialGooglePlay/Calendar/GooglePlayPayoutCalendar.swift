import PerennialCore

/// Google Play's monthly developer payouts in a calendar year.
///
/// Each calendar month's earnings are paid on the 15th of the next month; when the 15th is a Saturday or a
/// Sunday the payout starts the following Monday. Google moved to this schedule in 2013: "we are shifting
/// our payout date to 15 days after the month's end … April 15th: Payment for March sales. And every month
/// after, you will also receive payment on the 15th" (Google's e-mail to developers, quoted at
/// http://www.androidpolice.com/2013/02/04/google-shifts-developer-payments-to-the-15th-of-every-month-provides-a-transition-schedule-to-help-devs-pay-rent/).
/// The weekend rule: "if the 15th falls onto a weekend, the payout won't start until the following Monday"
/// (https://qonversion.io/blog/google-play-developer-payout-to-developers/).
///
/// Bank holidays vary by country (and by the bank that receives the transfer), so they are not modelled: a
/// 15th that is a holiday is still listed as the payment date.
public struct GooglePlayPayoutCalendar: Hashable, Sendable {
    /// Years whose twelve payouts all follow the 15th-of-the-month schedule.
    public static let supportedYears = 2014...2100

    /// The day of the month payouts are made on, before the weekend shift.
    public static let payoutDay = 15

    /// The calendar year whose payouts are listed.
    public let year: Int

    /// The payout calendar of a year in `supportedYears`.
    public init(year: Int) throws(PayoutCalendarError) {
        guard GooglePlayPayoutCalendar.supportedYears.contains(year) else { throw .yearOutOfRange(year, supported: GooglePlayPayoutCalendar.supportedYears) }
        self.year = year
    }

    /// The payout date for the earnings of a calendar month (1–12) of a year: the 15th of the next month,
    /// moved to Monday when it is a Saturday or Sunday.
    public static func payoutDate(forEarningsYear year: Int, month: Int) -> CivilDate {
        let fifteenth = CivilDate(year: month == 12 ? year + 1 : year, month: month % 12 + 1, day: payoutDay)!
        return fifteenth.onOrNextBusinessDay
    }

    /// The twelve payouts made during the year, January's first: January's pays the previous December's
    /// earnings, December's pays November's. Each is labelled with its earnings month (`December 2023`).
    public var payments: [StorePayment] {
        (1...12).map { paidIn in
            let earningsYear = paidIn == 1 ? year - 1 : year
            let earningsMonth = paidIn == 1 ? 12 : paidIn - 1
            let first = CivilDate(year: earningsYear, month: earningsMonth, day: 1)!
            return StorePayment(
                label: "\(CivilDate.monthNames[earningsMonth - 1]) \(earningsYear)",
                paymentDate: GooglePlayPayoutCalendar.payoutDate(forEarningsYear: earningsYear, month: earningsMonth),
                revenuePeriodStart: first, revenuePeriodEnd: first.lastDayOfMonth)
        }
    }
}
