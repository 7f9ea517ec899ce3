import Foundation
import PerennialCore
import PerennialTesting
import Testing

/// Revenue lines from hand-built histories with known answers: commissions per store, the App Store's year
/// of paid service and its 60-day rule, refunds, trials, estimated prices, tax and currency conversion.
@Suite("Revenue from facts")
struct RevenueCalculatorTests {
    static let catalog = Catalog(products: [
        Product(id: "pro.monthly", type: .autoRenewable, subscriptionGroup: "pro", entitlements: ["pro"]),
        Product(id: "pro.listed", type: .autoRenewable, subscriptionGroup: "pro", entitlements: ["pro"], price: Money(minorUnits: 499, currency: "USD")),
    ])
    static let schedules: [Store: CommissionSchedule] = [
        .appStore: .thirtyThenFifteen, .playStore: .fifteen, .stripe: .cardFee,
    ]

    /// A paid monthly period from `day` to `day + 30`, for `cents` dollars cents.
    static func month(_ id: String, from day: Double, cents: Int64 = 999, store: Store = .appStore, product: String = "pro.monthly") -> TransactionFact {
        var fact = Facts.period(id, product: product, from: day, to: day + 30)
        fact.store = store
        fact.price = cents > 0 ? Money(minorUnits: cents, currency: "USD") : nil
        return fact
    }

    static func calculator(rates: ExchangeRates? = nil, schedules: [Store: CommissionSchedule] = schedules) -> RevenueCalculator {
        RevenueCalculator(catalog: catalog, schedules: schedules, rates: rates)
    }

    @Test func theAppStoreKeeps30PercentInTheFirstYearAnd15After() {
        let months = (0..<14).map { Self.month("t\($0)", from: Double($0) * 30) }
        let entries = Self.calculator().entries(for: months.shuffled())
        #expect(entries.count == 14)
        // 13 periods of 30 days are 390 days: the 13th payment (day 360) has 360 days behind it, the 14th 390.
        #expect(entries.prefix(13).allSatisfy { $0.commissionBasisPoints == 3000 })
        #expect(entries[13].commissionBasisPoints == 1500)
        #expect(entries[0].commission == Money(minorUnits: 300, currency: "USD"))  // 299.7 rounded
        #expect(entries[0].proceeds == Money(minorUnits: 699, currency: "USD"))
        #expect(entries[13].proceeds == Money(minorUnits: 849, currency: "USD"))  // 999 − 150 (149.85 rounded)
    }

    @Test func aGapOfSixtyDaysStartsTheYearAgain() {
        var months = (0..<13).map { Self.month("a\($0)", from: Double($0) * 30) }  // 390 days of service
        months.append(Self.month("gap59", from: 390 + 59))  // under 60 days: the year holds
        #expect(Self.calculator().entries(for: months).last?.commissionBasisPoints == 1500)
        months.removeLast()
        months.append(Self.month("gap60", from: 390 + 60))  // 60 days: it starts again
        #expect(Self.calculator().entries(for: months).last?.commissionBasisPoints == 3000)
    }

    @Test func otherStoresAndTheSmallBusinessProgram() {
        let play = Self.calculator().entries(for: [Self.month("p", from: 0, store: .playStore)])
        #expect(play.first?.commissionBasisPoints == 1500 && play.first?.proceeds.minorUnits == 849)
        let stripe = Self.calculator().entries(for: [Self.month("s", from: 0, store: .stripe)])
        // 2.9% of 9.99 is 28.97 → 29, plus 30¢.
        #expect(stripe.first?.commission.minorUnits == 59 && stripe.first?.proceeds.minorUnits == 940)
        var small = Self.schedules
        small[.appStore] = .fifteen
        #expect(Self.calculator(schedules: small).entries(for: [Self.month("a", from: 0)]).first?.commissionBasisPoints == 1500)
    }

    @Test func trialsSellNothingRefundsReverseAndUpgradesAreNotRefunds() {
        var trial = Facts.period("trial", from: 0, to: 7, trial: true)
        trial.price = Money(minorUnits: 0, currency: "USD")
        var refunded = Self.month("paid", from: 7)
        refunded.cancelledAt = Facts.day(10)
        var upgraded = Self.month("up", from: 37)
        upgraded.cancelledAt = Facts.day(40)
        upgraded.isUpgraded = true
        let entries = Self.calculator().entries(for: [trial, refunded, upgraded])
        #expect(entries.map(\.kind) == [.sale, .refund, .sale])
        #expect(entries[1].occurredAt == Facts.day(10))
        #expect(entries[1].proceeds.minorUnits == -entries[0].proceeds.minorUnits)
        #expect(entries[1].price.minorUnits == -999)
        #expect(entries.map(\.proceeds.minorUnits).reduce(0, +) == entries[2].proceeds.minorUnits)
    }

    @Test func aReceiptWithoutPricesIsEstimatedFromTheCatalog() {
        let listed = Self.month("r", from: 0, cents: 0, product: "pro.listed")
        let unlisted = Self.month("u", from: 30, cents: 0)
        let entries = Self.calculator().entries(for: [listed, unlisted])
        #expect(entries.count == 1)
        #expect(entries[0].isEstimated && entries[0].price == Money(minorUnits: 499, currency: "USD"))
    }

    @Test func taxIsNotTheStoresNorTheTeams() {
        var taxed = Self.month("t", from: 0, cents: 1_200, store: .stripe)
        taxed.tax = Money(minorUnits: 200, currency: "USD")
        let entry = Self.calculator().entries(for: [taxed])[0]
        // 2.9% of the 10.00 without tax, plus 30¢: 59; proceeds 1000 − 59.
        #expect(entry.commission.minorUnits == 59 && entry.proceeds.minorUnits == 941)
    }

    @Test func amountsAreConvertedAtTheRateOfTheirDate() throws {
        let rates = try ExchangeRates(reportingCurrency: "USD", csv: """
            date,currency,rate
            # a comment, then rates in any order
            2026-01-20,EUR,1.10
            2026-01-01,EUR,1.05
            2026-01-01,JPY,0.0067
            """)
        var euros = Self.month("e", from: 0)
        euros.price = Money(minorUnits: 999, currency: "EUR")
        var later = Self.month("e2", from: 30)
        later.price = Money(minorUnits: 999, currency: "EUR")
        var yen = Self.month("y", from: 60)
        yen.price = Money(minorUnits: 1_500, currency: "JPY")
        let entries = Self.calculator(rates: rates).entries(for: [euros, later, yen])
        #expect(entries[0].reportingPrice == Money(minorUnits: 1_049, currency: "USD"))  // 10.4895 → 10.49
        #expect(entries[1].reportingPrice == Money(minorUnits: 1_099, currency: "USD"))  // 10.989 → 10.99
        #expect(entries[2].reportingPrice == Money(minorUnits: 1_005, currency: "USD"))  // ¥1500 × 0.0067 = 10.05
        #expect(rates.rate(of: "GBP", on: CivilDate(daysSince1970: 40)) == nil)
        #expect(rates.convert(Money(minorUnits: 100, currency: "EUR"), on: CivilDate(daysSince1970: -1)) == nil)
    }

    @Test(arguments: [
        "2026-01-01,EUR", "2026-13-01,EUR,1.1", "2026-01-01,EURO,1.1", "2026-01-01,EUR,-1", "2026-01-01,EUR,abc",
        "2026-01-01,EUR,1.1\n2026-01-01,eur,1.2",
    ])
    func malformedRatesAreRefusedWithTheirLine(csv: String) {
        #expect(throws: ExchangeRates.FileError.self) { try ExchangeRates(reportingCurrency: "USD", csv: csv) }
    }
}
