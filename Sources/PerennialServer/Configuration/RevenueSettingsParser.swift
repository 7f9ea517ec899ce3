import Foundation
import PerennialCore
import PerennialServices

/// Reads an app's `revenue:` section: `{reporting_currency?, rates_file?, app_store_small_business_program?,
/// stripe_fee?: {percent, fixed_minor_units}}`. `rates_file` (CSV `date,currency,rate`) needs
/// `reporting_currency`; each rate is how many units of it one unit of the currency was worth from that date.
/// `stripe_payout_schedule: {interval: daily|weekly|monthly|manual, delay_days?, weekly_anchor?, monthly_anchor?}`
/// is the Stripe account's payout schedule (default daily, two business days), for the payout forecast.
enum RevenueSettingsParser {
    static func parse(_ node: ConfigurationNode) throws -> RevenueSettings {
        try node.allowKeys(["reporting_currency", "rates_file", "app_store_small_business_program", "stripe_fee", "stripe_payout_schedule"])
        var settings = RevenueSettings()
        if let schedule = try node.child("stripe_payout_schedule") {
            settings.payoutCalendars[.stripe] = .stripe(try payoutSchedule(schedule))
        }
        if let small = try node.child("app_store_small_business_program"), try small.boolean() {
            settings.schedules[.appStore] = .appStore(smallBusinessProgram: true)
        }
        if let fee = try node.child("stripe_fee") {
            try fee.allowKeys(["percent", "fixed_minor_units"])
            let percentNode = try fee.requiredChild("percent")
            guard let percent = Decimal(string: try percentNode.string(), locale: Locale(identifier: "en_US_POSIX")),
                  percent >= 0, percent <= 100
            else { throw percentNode.error("must be a percentage between 0 and 100, e.g. 2.9") }
            let basisPoints = NSDecimalNumber(decimal: percent * 100).intValue
            let fixed = try fee.child("fixed_minor_units")?.integer() ?? 0
            guard fixed >= 0 else { throw fee.error("fixed_minor_units must not be negative") }
            settings.schedules[.stripe] = .processor(basisPoints: basisPoints, fixedFeeMinorUnits: Int64(fixed))
        }
        let currencyNode = try node.child("reporting_currency")
        let currency = try currencyNode?.string().uppercased()
        if let currency, let currencyNode, currency.count != 3 || !currency.allSatisfy({ $0.isASCII && $0.isLetter }) {
            throw currencyNode.error("must be a three-letter ISO 4217 code, e.g. USD")
        }
        if let ratesNode = try node.child("rates_file") {
            guard let currency else { throw ratesNode.error("needs reporting_currency: the currency the rates convert into") }
            let path = try ratesNode.string()
            guard let data = FileManager.default.contents(atPath: path) else { throw ratesNode.error("cannot read \(path)") }
            do {
                settings.rates = try ExchangeRates(reportingCurrency: currency, csv: String(decoding: data, as: UTF8.self))
            } catch {
                throw ratesNode.error("\(path), \(error)")
            }
        } else if let currency {
            settings.rates = ExchangeRates(reportingCurrency: currency, rates: [])
        }
        return settings
    }

    private static func payoutSchedule(_ node: ConfigurationNode) throws -> StripePayoutSchedule {
        try node.allowKeys(["interval", "delay_days", "weekly_anchor", "monthly_anchor"])
        let intervalNode = try node.requiredChild("interval")
        guard let interval = StripePayoutInterval(rawValue: try intervalNode.string()) else {
            throw intervalNode.error("must be daily, weekly, monthly or manual")
        }
        var weekday = Weekday.monday
        if let anchor = try node.child("weekly_anchor") {
            guard let day = Weekday(name: try anchor.string()) else { throw anchor.error("must be a weekday: monday … sunday") }
            weekday = day
        }
        do {
            return try StripePayoutSchedule(
                interval: interval, delayDays: try node.child("delay_days")?.integer() ?? StripePayoutSchedule.defaultDelayDays,
                weeklyAnchor: weekday, monthlyAnchor: try node.child("monthly_anchor")?.integer() ?? 1)
        } catch let error as PayoutCalendarError {
            throw node.error("\(error)")
        }
    }
}
