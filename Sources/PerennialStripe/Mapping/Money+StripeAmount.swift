import PerennialCore

extension Money {
    /// An amount as Stripe writes it (integer, in what Stripe calls the currency's smallest unit), converted
    /// exactly to ISO 4217 minor units; nil when the currency is not a 3-letter code or the amount has a
    /// fraction of the ISO minor unit. Stripe's units differ from ISO's for a few currencies: the Icelandic
    /// króna is written with two decimals (ISO has none), the Malagasy ariary with none (ISO has two).
    public init?(stripeAmount amount: Int64, currency: String) {
        let code = currency.uppercased()
        guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        let difference = Money.minorUnitDigits(of: code) - Self.stripeDecimals(of: code)
        var minor = amount
        if difference > 0 {
            let (scaled, overflow) = amount.multipliedReportingOverflow(by: Self.powerOfTen(difference))
            guard !overflow else { return nil }
            minor = scaled
        } else if difference < 0 {
            let divisor = Self.powerOfTen(-difference)
            guard amount % divisor == 0 else { return nil }
            minor = amount / divisor
        }
        self.init(minorUnits: minor, currency: code)
    }

    /// How many decimals Stripe's amounts carry in a currency (its "zero-decimal" and "three-decimal"
    /// lists; ISK is a two-decimal currency at Stripe).
    static func stripeDecimals(of code: String) -> Int {
        let zero: Set<String> = [
            "BIF", "CLP", "DJF", "GNF", "JPY", "KMF", "KRW", "MGA", "PYG", "RWF", "UGX", "VND", "VUV", "XAF", "XOF", "XPF",
        ]
        if zero.contains(code) { return 0 }
        if ["BHD", "JOD", "KWD", "OMR", "TND"].contains(code) { return 3 }
        return 2
    }

    private static func powerOfTen(_ exponent: Int) -> Int64 {
        (0..<exponent).reduce(1) { value, _ in value * 10 }
    }
}
