import Foundation
import PerennialCore
import PerennialServices
import PerennialStoreModule

/// Reads an app's `revenue:` section: `{reporting_currency?, rates_file?}` and each store's own keys
/// (`StoreModule.revenueKeys`: the App Store's small business program, Stripe's fee and payout schedule).
/// `rates_file` (CSV `date,currency,rate`) needs `reporting_currency`; each rate is how many units of it one
/// unit of the currency was worth from that date. Every store starts from its published commission and
/// payout calendar.
enum RevenueSettingsParser {
    static func parse(_ node: ConfigurationNode) throws -> RevenueSettings {
        try node.allowKeys(StoreModules.all.reduce(["reporting_currency", "rates_file"]) { $0.union($1.revenueKeys) })
        var settings = StoreModules.defaultRevenue
        for module in StoreModules.all {
            try module.parseRevenue(node, into: &settings)
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
}
