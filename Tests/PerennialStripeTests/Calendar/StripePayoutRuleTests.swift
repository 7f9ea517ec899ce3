import PerennialCore
import PerennialStripe
import Testing

/// A Stripe account's schedule as a payout rule.
@Suite struct StripePayoutRuleTests {
    static func day(_ text: String) -> CivilDate { CivilDate(iso: text)! }

    @Test func aChargeIsPaidOnTheSchedulesNextPayoutDay() throws {
        // Daily with two business days: Friday's charge is paid on Tuesday.
        let daily = PayoutCalendar(try StripePayoutSchedule(interval: .daily))
        #expect(daily.payment(forRevenueOn: Self.day("2026-01-02"))?.paymentDate == Self.day("2026-01-06"))
        let weekly = PayoutCalendar(try StripePayoutSchedule(interval: .weekly, weeklyAnchor: .friday))
        #expect(weekly.payment(forRevenueOn: Self.day("2026-01-05"))?.paymentDate == Self.day("2026-01-09"))
        #expect(PayoutCalendar(try StripePayoutSchedule(interval: .manual)).payment(forRevenueOn: Self.day("2026-01-05")) == nil)
    }
}
