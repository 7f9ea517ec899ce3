import PerennialCore

/// An amount in minor units, as text the server writes (`1,234.56 USD`) and the data the script formats in
/// the viewer's locale (`data-minor-units`, `data-currency`, `data-digits`).
struct MoneyText: Sendable {
    var minorUnits: Int64
    var currency: String
    var digits: Int
    var text: String

    init(minorUnits: Int64, currency: String) {
        self.minorUnits = minorUnits
        self.currency = currency
        digits = Money.minorUnitDigits(of: currency)
        text = Self.format(minorUnits, digits: digits) + " " + currency
    }

    /// `minorUnits` with `digits` decimals and thousands grouped by commas.
    static func format(_ minorUnits: Int64, digits: Int) -> String {
        let negative = minorUnits < 0
        let magnitude = minorUnits.magnitude
        var divisor: UInt64 = 1
        for _ in 0..<digits { divisor *= 10 }
        let whole = CountText.grouped(magnitude / divisor)
        var text = whole
        if digits > 0 {
            let fraction = String(magnitude % divisor)
            text += "." + String(repeating: "0", count: digits - fraction.count) + fraction
        }
        return (negative ? "−" : "") + text
    }
}
