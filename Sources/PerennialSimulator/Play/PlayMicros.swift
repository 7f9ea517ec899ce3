import PerennialCore

/// Amounts of money as the Play simulator keeps them: micros (millionths) of the currency's unit, as the
/// Developer API's `priceAmountMicros`.
enum PlayMicros {
    /// Google's `Money`: `{"currencyCode", "units" (a string), "nanos"}`, units and nanos of the same sign.
    static func json(_ micros: Int64, currency: String) -> [String: Any] {
        ["currencyCode": currency, "units": "\(micros / 1_000_000)", "nanos": Int(micros % 1_000_000) * 1000]
    }

    /// `basisPoints` (0 to 10 000) hundredths of a percent of `micros` (a negative amount counts as 0), rounded
    /// half up to the currency's minor unit (a cent for the dollar): a tax rate's tax, a revenue share.
    static func share(basisPoints: Int, of micros: Int64, currency: String) -> Int64 {
        let microsPerMinorUnit = (Money.minorUnitDigits(of: currency.uppercased())..<6).reduce(Int64(1)) { value, _ in value * 10 }
        let denominator = 10_000 * microsPerMinorUnit
        // The full-width product cannot overflow; its quotient is at most `micros`, so dividing cannot trap.
        let product = max(0, micros).multipliedFullWidth(by: Int64(min(max(basisPoints, 0), 10_000)))
        let (minorUnits, remainder) = denominator.dividingFullWidth(product)
        return (minorUnits + (remainder * 2 >= denominator ? 1 : 0)) * microsPerMinorUnit
    }
}
