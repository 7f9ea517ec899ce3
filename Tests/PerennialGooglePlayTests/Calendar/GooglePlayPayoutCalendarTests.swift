import PerennialCore
import PerennialGooglePlay
import Testing

/// Google Play pays each month's earnings on the 15th of the next month, or the Monday after a weekend 15th.
@Suite("Google Play payout calendar")
struct GooglePlayPayoutCalendarTests {
    func rows(_ year: Int) throws -> [String] {
        try GooglePlayPayoutCalendar(year: year).payments.map {
            "\($0.label ?? "") | \($0.paymentDate) | \($0.revenuePeriodStart) | \($0.revenuePeriodEnd)"
        }
    }

    @Test func payoutsMadeDuring2024StartWithDecember2023sEarnings() throws {
        #expect(try rows(2024) == [
            "December 2023 | 2024-01-15 | 2023-12-01 | 2023-12-31",
            "January 2024 | 2024-02-15 | 2024-01-01 | 2024-01-31",
            "February 2024 | 2024-03-15 | 2024-02-01 | 2024-02-29",
            "March 2024 | 2024-04-15 | 2024-03-01 | 2024-03-31",
            "April 2024 | 2024-05-15 | 2024-04-01 | 2024-04-30",
            "May 2024 | 2024-06-17 | 2024-05-01 | 2024-05-31",
            "June 2024 | 2024-07-15 | 2024-06-01 | 2024-06-30",
            "July 2024 | 2024-08-15 | 2024-07-01 | 2024-07-31",
            "August 2024 | 2024-09-16 | 2024-08-01 | 2024-08-31",
            "September 2024 | 2024-10-15 | 2024-09-01 | 2024-09-30",
            "October 2024 | 2024-11-15 | 2024-10-01 | 2024-10-31",
            "November 2024 | 2024-12-16 | 2024-11-01 | 2024-11-30",
        ])
    }

    @Test func aSaturday15thPaysOnMonday17th() throws {
        // 2024-06-15 is a Saturday.
        #expect(try #require(CivilDate(iso: "2024-06-15")).weekday == .saturday)
        #expect("\(GooglePlayPayoutCalendar.payoutDate(forEarningsYear: 2024, month: 5))" == "2024-06-17")
    }

    @Test func aSunday15thPaysOnMonday16th() throws {
        // 2024-09-15 is a Sunday; so is 2024-12-15.
        #expect(try #require(CivilDate(iso: "2024-09-15")).weekday == .sunday)
        #expect("\(GooglePlayPayoutCalendar.payoutDate(forEarningsYear: 2024, month: 8))" == "2024-09-16")
        #expect("\(GooglePlayPayoutCalendar.payoutDate(forEarningsYear: 2024, month: 11))" == "2024-12-16")
    }

    @Test func decembersEarningsArePaidInJanuaryOfTheNextYear() {
        #expect("\(GooglePlayPayoutCalendar.payoutDate(forEarningsYear: 2025, month: 12))" == "2026-01-15")
    }

    @Test(arguments: GooglePlayPayoutCalendar.supportedYears)
    func everyPayoutIsABusinessDayInTheYearAndPaysAWholeMonth(_ year: Int) throws {
        let payments = try GooglePlayPayoutCalendar(year: year).payments
        #expect(payments.count == 12)
        for (offset, payment) in payments.enumerated() {
            #expect(payment.paymentDate.isBusinessDay)
            #expect(payment.paymentDate.year == year && payment.paymentDate.month == offset + 1)
            #expect((15...17).contains(payment.paymentDate.day))
            #expect(payment.revenuePeriodStart.day == 1)
            #expect(payment.revenuePeriodEnd == payment.revenuePeriodStart.lastDayOfMonth)
        }
        for (earlier, later) in zip(payments, payments.dropFirst()) {
            #expect(earlier.revenuePeriodEnd.adding(days: 1) == later.revenuePeriodStart)
        }
    }

    @Test func yearsBeforeThe15thScheduleAreRefused() {
        #expect(throws: PayoutCalendarError.yearOutOfRange(2013, supported: GooglePlayPayoutCalendar.supportedYears)) { try GooglePlayPayoutCalendar(year: 2013) }
        #expect(PayoutCalendarError.yearOutOfRange(2013, supported: GooglePlayPayoutCalendar.supportedYears).code == "year_out_of_range")
    }

    @Test func jsonRowsUseEarningsMonth() throws {
        let first = try #require(try GooglePlayPayoutCalendar(year: 2024).payments.first)
        #expect(first.jsonText(labelKey: "earnings_month") == """
            {"earnings_month": "December 2023", "payment_date": "2024-01-15", "revenue_period_start": "2023-12-01", \
            "revenue_period_end": "2023-12-31"}
            """)
    }
}
