import PerennialCore
import Testing

/// Which payment pays revenue made on a day, per store calendar, and the sums of a forecast.
@Suite("Payout forecast")
struct PayoutForecastTests {
    static func day(_ text: String) -> CivilDate { CivilDate(iso: text)! }

    static func sale(_ store: Store, on date: String, proceeds: Int64, currency: String = "USD", id: String) -> RevenueEntry {
        let money = Money(minorUnits: proceeds, currency: currency)
        let instant = Instant(milliseconds: Int64(day(date).daysSince1970) * 86_400_000 + 3_600_000)
        return RevenueEntry(
            kind: .sale, subscription: SubscriptionKey(store: store, id: "s-\(id)"), transactionID: id, productID: "pro", occurredAt: instant,
            storefront: nil, price: money, tax: Money(minorUnits: 0, currency: currency), isEstimated: false, commissionBasisPoints: 0,
            commission: Money(minorUnits: 0, currency: currency), proceeds: money, reportingPrice: nil, reportingProceeds: nil)
    }

    @Test func eachStoresCalendarPlacesRevenue() throws {
        // Apple: fiscal August 2023 (Aug 6 – Sep 2) is paid on October 5, 2023, as the seed's FY2024 table says.
        let apple = try #require(PayoutCalendar.appleFiscal.payment(forRevenueOn: Self.day("2023-08-20")))
        #expect(apple.paymentDate == Self.day("2023-10-05") && apple.label == "October 2023")
        #expect(apple.revenuePeriodStart == Self.day("2023-08-06") && apple.revenuePeriodEnd == Self.day("2023-09-02"))
        // The last days of a fiscal year are paid in the next one.
        let yearEnd = try #require(PayoutCalendar.appleFiscal.payment(forRevenueOn: Self.day("2024-09-25")))
        #expect(yearEnd.revenuePeriodEnd == Self.day("2024-09-28") && yearEnd.paymentDate == Self.day("2024-10-31"))
        // Play: March's earnings on April 15 (a Wednesday in 2026); a 15th on a Saturday moves to Monday.
        #expect(PayoutCalendar.monthlyOnTheFifteenth.payment(forRevenueOn: Self.day("2026-03-10"))?.paymentDate == Self.day("2026-04-15"))
        #expect(PayoutCalendar.monthlyOnTheFifteenth.payment(forRevenueOn: Self.day("2026-07-31"))?.paymentDate == Self.day("2026-08-17"))
        // Stripe, daily with two business days: Friday's charge is paid on Tuesday.
        let daily = PayoutCalendar.stripe(try StripePayoutSchedule(interval: .daily))
        #expect(daily.payment(forRevenueOn: Self.day("2026-01-02"))?.paymentDate == Self.day("2026-01-06"))
        let weekly = PayoutCalendar.stripe(try StripePayoutSchedule(interval: .weekly, weeklyAnchor: .friday))
        #expect(weekly.payment(forRevenueOn: Self.day("2026-01-05"))?.paymentDate == Self.day("2026-01-09"))
        #expect(PayoutCalendar.stripe(try StripePayoutSchedule(interval: .manual)).payment(forRevenueOn: Self.day("2026-01-05")) == nil)
    }

    @Test func aForecastSumsPerPaymentStoreAndCurrencyWithinTheRange() throws {
        let forecast = PayoutForecast(calendars: [.appStore: .appleFiscal, .playStore: .monthlyOnTheFifteenth])
        let entries = [
            Self.sale(.playStore, on: "2026-03-02", proceeds: 849, id: "a"),
            Self.sale(.playStore, on: "2026-03-30", proceeds: 849, id: "b"),
            Self.sale(.playStore, on: "2026-03-15", proceeds: 700, currency: "EUR", id: "c"),
            Self.sale(.playStore, on: "2026-04-01", proceeds: 849, id: "d"),  // paid in May: outside
            Self.sale(.stripe, on: "2026-03-02", proceeds: 940, id: "e"),  // no calendar given
        ]
        let payments = forecast.payments(for: entries, from: Self.day("2026-04-01"), through: Self.day("2026-04-30"))
        #expect(payments.map(\.proceeds) == [Money(minorUnits: 700, currency: "EUR"), Money(minorUnits: 1_698, currency: "USD")])
        #expect(payments.allSatisfy { $0.paymentDate == Self.day("2026-04-15") && $0.store == .playStore })
        #expect(payments.map(\.lines) == [1, 2])
    }
}
