import Foundation

/// Exchange rates into one reporting currency, by day, from a file the team keeps (no network): each rate
/// says how many units of the reporting currency one unit of a currency was worth from its date on, until
/// the next rate of that currency. An amount is converted at the rate of its transaction's date, exactly
/// (decimal arithmetic), rounded half-even to the reporting currency's minor unit.
public struct ExchangeRates: Sendable, Hashable {
    /// One line of the file.
    public struct Rate: Sendable, Hashable {
        public var date: CivilDate
        public var currency: String
        public var rate: Decimal

        public init(date: CivilDate, currency: String, rate: Decimal) {
            self.date = date
            self.currency = currency.uppercased()
            self.rate = rate
        }
    }

    /// The currency amounts are reported in (ISO 4217, upper case).
    public let reportingCurrency: String
    /// Each currency's rates, oldest first.
    private let ratesByCurrency: [String: [Rate]]

    public init(reportingCurrency: String, rates: [Rate]) {
        self.reportingCurrency = reportingCurrency.uppercased()
        ratesByCurrency = Dictionary(grouping: rates, by: \.currency).mapValues { $0.sorted { $0.date < $1.date } }
    }

    /// The rate of `currency` on `date`: the latest dated on or before it; 1 for the reporting currency; nil
    /// when the file has none that early.
    public func rate(of currency: String, on date: CivilDate) -> Decimal? {
        let code = currency.uppercased()
        if code == reportingCurrency { return 1 }
        guard let rates = ratesByCurrency[code] else { return nil }
        var low = 0
        var high = rates.count
        while low < high {
            let middle = (low + high) / 2
            if rates[middle].date <= date { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : rates[low - 1].rate
    }

    /// `money` in the reporting currency at the rate of `date`; nil when there is no rate.
    public func convert(_ money: Money, on date: CivilDate) -> Money? {
        guard let rate = rate(of: money.currency, on: date) else { return nil }
        if money.currency == reportingCurrency { return money }
        // Minor units to minor units: the rate, and the difference of the two currencies' decimal places.
        let exponent = Money.minorUnitDigits(of: reportingCurrency) - Money.minorUnitDigits(of: money.currency)
        var amount = Decimal(money.minorUnits) * rate * Decimal(sign: .plus, exponent: exponent, significand: 1)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &amount, 0, .bankers)
        return Money(minorUnits: NSDecimalNumber(decimal: rounded).int64Value, currency: reportingCurrency)
    }
}
