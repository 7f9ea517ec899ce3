import PerennialAppStore
import PerennialCore
import Testing

/// Apple's fiscal calendar and the App Store payments it schedules, against Apple's published FY2024 table.
@Suite("Apple fiscal calendar")
struct AppleFiscalCalendarTests {
    /// The FY2024 payment table (fiscal month, payment date, revenue period) from the seed
    /// "Apple Fiscal Calendar 2024: Key Dates and Payment Schedule", every row and date.
    static let fiscal2024: [(month: String, paid: String, from: String, to: String)] = [
        ("October 2023", "2023-10-05", "2023-08-06", "2023-09-02"),
        ("November 2023", "2023-11-02", "2023-09-03", "2023-09-30"),
        ("December 2023", "2023-12-07", "2023-10-01", "2023-11-04"),
        ("January 2024", "2024-01-04", "2023-11-05", "2023-12-02"),
        ("February 2024", "2024-02-01", "2023-12-03", "2023-12-30"),
        ("March 2024", "2024-03-07", "2023-12-31", "2024-02-03"),
        ("April 2024", "2024-04-04", "2024-02-04", "2024-03-02"),
        ("May 2024", "2024-05-02", "2024-03-03", "2024-03-30"),
        ("June 2024", "2024-06-06", "2024-03-31", "2024-05-04"),
        ("July 2024", "2024-07-04", "2024-05-05", "2024-06-01"),
        ("August 2024", "2024-08-01", "2024-06-02", "2024-06-29"),
        ("September 2024", "2024-09-05", "2024-06-30", "2024-08-03"),
    ]

    @Test func fiscal2024ReproducesApplesPaymentTable() throws {
        let payments = try AppleFiscalCalendar(fiscalYear: 2024).payments
        #expect(payments.count == 12)
        let rows = payments.map { "\($0.label ?? "") | \($0.paymentDate) | \($0.revenuePeriodStart) | \($0.revenuePeriodEnd)" }
        #expect(rows == Self.fiscal2024.map { "\($0.month) | \($0.paid) | \($0.from) | \($0.to)" })
    }

    @Test func fiscal2024JSONRowHasTheContractsKeysInOrder() throws {
        let first = try #require(try AppleFiscalCalendar(fiscalYear: 2024).payments.first)
        #expect(first.jsonText(labelKey: "fiscal_month") == """
            {"fiscal_month": "October 2023", "payment_date": "2023-10-05", "revenue_period_start": "2023-08-06", \
            "revenue_period_end": "2023-09-02"}
            """)
    }

    @Test func fiscal2024RunsFromOctober1ToTheLastSaturdayOfSeptember() throws {
        let calendar = try AppleFiscalCalendar(fiscalYear: 2024)
        #expect("\(calendar.start)" == "2023-10-01")
        #expect("\(calendar.end)" == "2024-09-28")
        #expect(calendar.weeks == 52)
        #expect(calendar.weeksPerMonth == [5, 4, 4, 5, 4, 4, 5, 4, 4, 5, 4, 4])
        let quarterEnds = [2, 5, 8, 11].map { "\(calendar.months[$0].end)" }
        #expect(quarterEnds == ["2023-12-30", "2024-03-30", "2024-06-29", "2024-09-28"])
    }

    /// Apple's 10-K: fiscal 2023 spanned 53 weeks, the extra week in the first quarter (which ended
    /// December 31, 2022); fiscal November 2022 ended November 26, so December took the extra week (5-4-5).
    @Test func fiscal2023Has53WeeksAndDecemberGetsTheExtraWeek() throws {
        let calendar = try AppleFiscalCalendar(fiscalYear: 2023)
        #expect(calendar.weeks == 53)
        #expect(calendar.end.days(since: calendar.start) + 1 == 371)
        #expect("\(calendar.start)" == "2022-09-25")
        #expect("\(calendar.end)" == "2023-09-30")
        #expect(calendar.weeksPerMonth == [5, 4, 5, 5, 4, 4, 5, 4, 4, 5, 4, 4])
        let december = calendar.months[2]
        #expect(december.name == "December 2022")
        #expect("\(december.start)" == "2022-11-27")
        #expect("\(december.end)" == "2022-12-31")
        #expect(december.weeks == 5)
        #expect("\(calendar.months[1].end)" == "2022-11-26")
        #expect(calendar.months.prefix(3).map(\.weeks).reduce(0, +) == 14)
        #expect("\(calendar.months[3].start)" == "2023-01-01")
    }

    @Test func fiscal2017AlsoHad53Weeks() throws {
        let calendar = try AppleFiscalCalendar(fiscalYear: 2017)
        #expect(calendar.weeks == 53)
        #expect("\(calendar.months[2].start)" == "2016-11-27")
        #expect("\(calendar.months[2].end)" == "2016-12-31")
    }

    @Test func the53WeekYearsUpTo2024AreTheOnesApplesFilingsShow() throws {
        let long = try (2000...2024).filter { try AppleFiscalCalendar(fiscalYear: $0).weeks == 53 }
        #expect(long == [2000, 2006, 2012, 2017, 2023])
    }

    @Test(arguments: AppleFiscalCalendar.supportedFiscalYears)
    func everyYearIsTwelveContiguousWholeWeekMonths(_ year: Int) throws {
        let calendar = try AppleFiscalCalendar(fiscalYear: year)
        let months = calendar.months
        #expect(months.count == 12)
        #expect(months.first?.start == calendar.start)
        #expect(months.last?.end == calendar.end)
        #expect(calendar.start.weekday == .sunday)
        #expect(calendar.end.weekday == .saturday)
        for (earlier, later) in zip(months, months.dropFirst()) {
            #expect(earlier.end.adding(days: 1) == later.start)
        }
        #expect(months.allSatisfy { $0.dayCount % 7 == 0 && (4...5).contains($0.weeks) })
        let weeks = months.map(\.weeks).reduce(0, +)
        #expect(weeks == calendar.weeks)
        #expect(weeks == 52 || weeks == 53)
        #expect(calendar.end.days(since: calendar.start) + 1 == weeks * 7)
        if year > AppleFiscalCalendar.supportedFiscalYears.lowerBound {
            #expect(try AppleFiscalCalendar(fiscalYear: year - 1).end.adding(days: 1) == calendar.start)
        }
    }

    @Test(arguments: AppleFiscalCalendar.supportedFiscalYears)
    func everyYearsPaymentsFallInItAndPayContiguousRevenue(_ year: Int) throws {
        let calendar = try AppleFiscalCalendar(fiscalYear: year)
        let payments = calendar.payments
        #expect(payments.count == 12)
        #expect(payments.allSatisfy { calendar.start <= $0.paymentDate && $0.paymentDate <= calendar.end })
        #expect(payments.allSatisfy { $0.paymentDate.weekday == .thursday })
        #expect(payments.allSatisfy { $0.paymentDate == $0.revenuePeriodEnd.adding(days: 33) })
        for (earlier, later) in zip(payments, payments.dropFirst()) {
            #expect(earlier.revenuePeriodEnd.adding(days: 1) == later.revenuePeriodStart)
        }
    }

    @Test func yearsOutside2000Through2100AreRefused() {
        #expect(throws: PayoutCalendarError.fiscalYearOutOfRange(1999, supported: AppleFiscalCalendar.supportedFiscalYears)) { try AppleFiscalCalendar(fiscalYear: 1999) }
        #expect(throws: PayoutCalendarError.fiscalYearOutOfRange(2101, supported: AppleFiscalCalendar.supportedFiscalYears)) { try AppleFiscalCalendar(fiscalYear: 2101) }
        #expect(PayoutCalendarError.fiscalYearOutOfRange(1999, supported: AppleFiscalCalendar.supportedFiscalYears).code == "fiscal_year_out_of_range")
    }
}
