import Foundation
import PerennialAppStore
import PerennialCore
import PerennialGooglePlay
import PerennialServer
import PerennialStripe
import Testing

/// An app's `revenue:` section and its products' list prices: read whole, each mistake named by its key.
@Suite("Revenue configuration")
struct RevenueConfigurationTests {
    static func yaml(revenue: String, price: String = "9.99 USD") -> String {
        """
        apps:
          - id: forest
            bundle_id: com.example.forest
            revenue:
        \(revenue.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n"))
            products:
              - {id: pro.monthly, type: auto_renewable, subscription_group: pro, entitlements: [pro], price: "\(price)"}
            api_keys:
              public: pk_forest_0123456789
              secret: sk_forest_0123456789
        """
    }

    @Test func aCompleteSectionIsRead() throws {
        let rates = FileManager.default.temporaryDirectory.appendingPathComponent("rates-\(UUID().uuidString).csv")
        try "date,currency,rate\n2026-01-01,USD,0.92\n".write(to: rates, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: rates) }
        let configuration = try ConfigurationLoader(environment: [:]).parse(Self.yaml(revenue: """
            reporting_currency: eur
            rates_file: \(rates.path)
            app_store_small_business_program: true
            stripe_fee: {percent: "1.5", fixed_minor_units: 25}
            stripe_payout_schedule: {interval: weekly, weekly_anchor: friday, delay_days: 7}
            """), file: "perennial.yaml")
        let app = configuration.apps[0]
        #expect(app.catalog.product("pro.monthly")?.price == Money(minorUnits: 999, currency: "USD"))
        #expect(app.revenue.schedules[.appStore] == .appStore(smallBusinessProgram: true))
        #expect(app.revenue.schedules[.stripe] == .processor(basisPoints: 150, fixedFeeMinorUnits: 25))
        #expect(app.revenue.schedules[.playStore] == .playStore)
        #expect(app.revenue.rates?.reportingCurrency == "EUR")
        #expect(app.revenue.payoutCalendars[.stripe] == PayoutCalendar(try StripePayoutSchedule(interval: .weekly, delayDays: 7, weeklyAnchor: .friday)))
        #expect(app.revenue.payoutCalendars[.appStore] == PayoutCalendar(AppleFiscalPayouts()))
        #expect(app.revenue.payoutCalendars[.playStore] == PayoutCalendar(GooglePlayMonthlyPayouts()))
        #expect(app.revenue.rates?.rate(of: "USD", on: CivilDate(year: 2026, month: 2, day: 1)!) == Decimal(string: "0.92"))
    }

    @Test(arguments: [
        ("rates_file: /nonexistent.csv", "9.99 USD", "revenue.rates_file"),
        ("reporting_currency: EURO", "9.99 USD", "revenue.reporting_currency"),
        ("stripe_fee: {percent: lots}", "9.99 USD", "revenue.stripe_fee.percent"),
        ("reporting_currency: USD", "9.999 USD", "products[0].price"),
        ("reporting_currency: USD", "100 JPY extra", "products[0].price"),
        ("reporting_currency: USD\nsomething: else", "9.99 USD", "revenue"),
        ("stripe_payout_schedule: {interval: hourly}", "9.99 USD", "revenue.stripe_payout_schedule.interval"),
        ("stripe_payout_schedule: {interval: daily, delay_days: 40}", "9.99 USD", "revenue.stripe_payout_schedule"),
    ])
    func mistakesAreNamed(revenue: String, price: String, key: String) {
        do {
            _ = try ConfigurationLoader(environment: [:]).parse(Self.yaml(revenue: revenue, price: price), file: "perennial.yaml")
            Issue.record("accepted: \(revenue) \(price)")
        } catch {
            #expect("\(error)".contains(key), "\(error)")
        }
    }
}
