import PerennialCore

/// An amount in minor units, as text the server writes (`$1,234.56`, by `Money.formatted`) and the data the
/// script formats in the viewer's locale (`data-minor-units`, `data-currency`, `data-digits`).
struct MoneyText: Sendable {
    var minorUnits: Int64
    var currency: String
    var digits: Int
    var text: String

    init(minorUnits: Int64, currency: String) {
        self.minorUnits = minorUnits
        self.currency = currency
        digits = Money.minorUnitDigits(of: currency)
        text = Money(minorUnits: minorUnits, currency: currency).formatted(locale: "en_US")
    }
}
