/// An amount of money, exact: integer minor units of an ISO 4217 currency (999 USD is $9.99, 980 JPY is
/// ¥980, 1250 KWD is 1.250 dinars). Stores report prices in their own units; each store's translation
/// converts them exactly or not at all.
public struct Money: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The amount in the currency's minor units.
    public var minorUnits: Int64
    /// The ISO 4217 code, upper case.
    public var currency: String

    public init(minorUnits: Int64, currency: String) {
        self.minorUnits = minorUnits
        self.currency = currency.uppercased()
    }

    /// The amount given in milliunits of the major unit (the App Store's `price`: 9990 is 9.99), converted
    /// exactly; nil when it has a fraction of the currency's minor unit, or the currency is not a 3-letter
    /// code.
    public init?(milliunits: Int64, currency: String) {
        let code = currency.uppercased()
        guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        let exponent = Self.minorUnitDigits(of: code)
        var minor = milliunits
        if exponent < 3 {
            let divisor = Self.powerOfTen(3 - exponent)
            guard milliunits % divisor == 0 else { return nil }
            minor = milliunits / divisor
        }
        self.init(minorUnits: minor, currency: code)
    }

    /// How many digits the currency's minor unit has (ISO 4217): 2 for most, 0 for the yen and others, 3 for
    /// the dinars of Bahrain, Iraq, Jordan, Kuwait, Libya, and Oman's rial and Tunisia's dinar.
    public static func minorUnitDigits(of currency: String) -> Int {
        if zeroDecimalCurrencies.contains(currency) { return 0 }
        if threeDecimalCurrencies.contains(currency) { return 3 }
        return 2
    }

    static let zeroDecimalCurrencies: Set<String> = [
        "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND", "VUV", "XAF",
        "XOF", "XPF",
    ]
    static let threeDecimalCurrencies: Set<String> = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]

    static func powerOfTen(_ exponent: Int) -> Int64 {
        (0..<exponent).reduce(1) { value, _ in value * 10 }
    }

    public static func < (lhs: Money, rhs: Money) -> Bool {
        (lhs.currency, lhs.minorUnits) < (rhs.currency, rhs.minorUnits)
    }

    public var description: String { "\(minorUnits) \(currency) minor units" }
}
