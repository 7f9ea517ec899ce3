import PerennialCore

/// What one customer brought in, line by line (`RevenueCalculator`), with the sums per currency and, when
/// every line could be converted, in the reporting currency.
public struct CustomerRevenue: Sendable, Hashable {
    /// The sum of a set of lines in one currency.
    public struct Total: Sendable, Hashable {
        public var price: Money
        public var proceeds: Money
    }

    public var appUserID: String
    public var entries: [RevenueEntry]
    /// The reporting currency, when the app has rates.
    public var reportingCurrency: String?

    public init(appUserID: String, entries: [RevenueEntry], reportingCurrency: String?) {
        self.appUserID = appUserID
        self.entries = entries
        self.reportingCurrency = reportingCurrency
    }

    /// Sums per currency, sorted by currency.
    public var totals: [Total] {
        Dictionary(grouping: entries, by: \.price.currency).keys.sorted().map { currency in
            let lines = entries.filter { $0.price.currency == currency }
            return Total(
                price: Money(minorUnits: lines.reduce(0) { $0 + $1.price.minorUnits }, currency: currency),
                proceeds: Money(minorUnits: lines.reduce(0) { $0 + $1.proceeds.minorUnits }, currency: currency))
        }
    }

    /// The sum in the reporting currency; nil without rates, or when a line has no rate for its date.
    public var reportingTotal: Total? {
        guard let currency = reportingCurrency else { return nil }
        var price: Int64 = 0
        var proceeds: Int64 = 0
        for entry in entries {
            guard let convertedPrice = entry.reportingPrice, let convertedProceeds = entry.reportingProceeds else { return nil }
            price += convertedPrice.minorUnits
            proceeds += convertedProceeds.minorUnits
        }
        return Total(price: Money(minorUnits: price, currency: currency), proceeds: Money(minorUnits: proceeds, currency: currency))
    }
}
