import PerennialCore
import Testing

/// Payout calendars and the sums of a forecast (each store's own rule is tested with the store).
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

    /// A rule for the forecast's arithmetic: a month's revenue paid on the 15th of the next.
    struct FifteenthOfNextMonth: PayoutRule {
        func payment(forRevenueOn date: CivilDate) -> StorePayment? {
            guard let first = CivilDate(year: date.year, month: date.month, day: 1) else { return nil }
            let next = first.lastDayOfMonth.adding(days: 1)
            return StorePayment(
                label: nil, paymentDate: CivilDate(year: next.year, month: next.month, day: 15)!,
                revenuePeriodStart: first, revenuePeriodEnd: first.lastDayOfMonth)
        }
    }

    /// Pays every day's revenue the next day.
    struct NextDay: PayoutRule {
        func payment(forRevenueOn date: CivilDate) -> StorePayment? {
            StorePayment(label: nil, paymentDate: date.adding(days: 1), revenuePeriodStart: date, revenuePeriodEnd: date)
        }
    }

    @Test func calendarsAreEqualWhenTheirRulesAre() {
        #expect(PayoutCalendar(NextDay()) == PayoutCalendar(NextDay()))
        #expect(PayoutCalendar(NextDay()) != PayoutCalendar(FifteenthOfNextMonth()))
        #expect(Set([PayoutCalendar(NextDay()), PayoutCalendar(NextDay()), PayoutCalendar(FifteenthOfNextMonth())]).count == 2)
        #expect(PayoutCalendar(NextDay()).payment(forRevenueOn: Self.day("2026-03-10"))?.paymentDate == Self.day("2026-03-11"))
    }

    @Test func aForecastSumsPerPaymentStoreAndCurrencyWithinTheRange() throws {
        let forecast = PayoutForecast(calendars: [.appStore: PayoutCalendar(NextDay()), .playStore: PayoutCalendar(FifteenthOfNextMonth())])
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
