import PerennialCore
import PerennialGooglePlay
import Testing

/// Google Play's payout rule places revenue in the next month's payout.
@Suite struct GooglePlayMonthlyPayoutsTests {
    static func day(_ text: String) -> CivilDate { CivilDate(iso: text)! }

    @Test func aMonthsRevenueIsPaidOnTheFifteenthOfTheNextOrTheMondayAfter() {
        // March's earnings on April 15 (a Wednesday in 2026); a 15th on a Saturday moves to Monday.
        let calendar = PayoutCalendar(GooglePlayMonthlyPayouts())
        #expect(calendar.payment(forRevenueOn: Self.day("2026-03-10"))?.paymentDate == Self.day("2026-04-15"))
        #expect(calendar.payment(forRevenueOn: Self.day("2026-07-31"))?.paymentDate == Self.day("2026-08-17"))
    }
}
