import PerennialCore
import PerennialSquare
import Testing

/// Square's standard transfer pays each day's revenue on the next business day.
@Suite struct SquarePayoutTests {
    @Test(arguments: [("2026-03-02", "2026-03-03"), ("2026-03-06", "2026-03-09"), ("2026-03-07", "2026-03-09"), ("2026-03-08", "2026-03-09")])
    func aDaysRevenueIsPaidTheNextBusinessDay(_ sold: String, _ paid: String) throws {
        let day = try #require(CivilDate(iso: sold))
        let payment = try #require(SquareNextBusinessDayPayouts().payment(forRevenueOn: day))
        #expect(payment.paymentDate == CivilDate(iso: paid))
        #expect(payment.revenuePeriodStart == day)
        #expect(payment.revenuePeriodEnd == day)
    }
}
