import PerennialCore

extension Money {
    /// Google's `Money` converted exactly: nil when it has a fraction of the currency's minor unit, when
    /// units and nanos disagree in sign, or when anything is missing or out of range.
    public init?(_ money: PlayMoney) {
        guard let currency = money.currencyCode?.uppercased(), currency.count == 3,
              currency.allSatisfy({ $0.isASCII && $0.isLetter }),
              let units = Int64(money.units ?? "0")
        else { return nil }
        let nanos = Int64(money.nanos ?? 0)
        guard abs(nanos) < 1_000_000_000, units == 0 || nanos == 0 || (units > 0) == (nanos > 0) else { return nil }
        let digits = Money.minorUnitDigits(of: currency)
        let nanosPerMinorUnit = (0..<(9 - digits)).reduce(Int64(1)) { value, _ in value * 10 }
        let unitScale = (0..<digits).reduce(Int64(1)) { value, _ in value * 10 }
        guard nanos % nanosPerMinorUnit == 0 else { return nil }
        let (scaled, overflow) = units.multipliedReportingOverflow(by: unitScale)
        let (minor, overflowAgain) = scaled.addingReportingOverflow(nanos / nanosPerMinorUnit)
        guard !overflow, !overflowAgain else { return nil }
        self.init(minorUnits: minor, currency: currency)
    }
}
