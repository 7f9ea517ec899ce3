import PerennialAppStore
import PerennialCore
import Testing

/// The App Store's payout rule places revenue in its fiscal month's payment.
@Suite struct AppleFiscalPayoutsTests {
    static func day(_ text: String) -> CivilDate { CivilDate(iso: text)! }

    @Test func revenueIsPaidWithItsFiscalMonth() throws {
        // Fiscal August 2023 (Aug 6 – Sep 2) is paid on October 5, 2023, as the seed's FY2024 table says.
        let calendar = PayoutCalendar(AppleFiscalPayouts())
        let august = try #require(calendar.payment(forRevenueOn: Self.day("2023-08-20")))
        #expect(august.paymentDate == Self.day("2023-10-05") && august.label == "October 2023")
        #expect(august.revenuePeriodStart == Self.day("2023-08-06") && august.revenuePeriodEnd == Self.day("2023-09-02"))
        // The last days of a fiscal year are paid in the next one.
        let yearEnd = try #require(calendar.payment(forRevenueOn: Self.day("2024-09-25")))
        #expect(yearEnd.revenuePeriodEnd == Self.day("2024-09-28") && yearEnd.paymentDate == Self.day("2024-10-31"))
    }
}
