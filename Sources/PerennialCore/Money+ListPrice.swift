import Foundation

extension Money {
    /// Why a list price's text was refused.
    public struct ListPriceError: Error, Sendable, Hashable {
        public var problem: String
    }

    /// A list price written `"9.99 USD"`: a decimal amount with at most the currency's minor digits, and its
    /// three-letter code.
    public init(listPrice text: String) throws(ListPriceError) {
        let parts = text.split(separator: " ")
        guard parts.count == 2, parts[0].count <= 18, parts[0].allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              let amount = Decimal(string: String(parts[0]), locale: Locale(identifier: "en_US_POSIX")), amount >= 0
        else { throw ListPriceError(problem: "must be an amount and a currency, e.g. \"9.99 USD\"") }
        guard amount < Decimal(Self.largestListPrice) else {
            throw ListPriceError(problem: "must be below \(Self.largestListPrice) in the currency's major unit")
        }
        let currency = String(parts[1]).uppercased()
        guard currency.count == 3, currency.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw ListPriceError(problem: "the currency must be a three-letter ISO 4217 code")
        }
        let minor = amount * Decimal(sign: .plus, exponent: Money.minorUnitDigits(of: currency), significand: 1)
        var whole = minor
        var rounded = Decimal()
        NSDecimalRound(&rounded, &whole, 0, .plain)
        guard rounded == minor else { throw ListPriceError(problem: "\(currency) has \(Money.minorUnitDigits(of: currency)) decimal places") }
        self.init(minorUnits: NSDecimalNumber(decimal: rounded).int64Value, currency: currency)
    }

    /// A list price's bound in major units: far above any price, far below what minor units can hold.
    public static let largestListPrice = 1_000_000_000

    /// The amount in major units, exactly.
    public var decimalAmount: Decimal {
        Decimal(sign: minorUnits < 0 ? .minus : .plus, exponent: -Money.minorUnitDigits(of: currency), significand: Decimal(minorUnits.magnitude))
    }

    /// The list price's text (`9.99 USD`), as `init(listPrice:)` reads it.
    public var listPriceText: String {
        let digits = Money.minorUnitDigits(of: currency)
        let magnitude = minorUnits.magnitude
        guard digits > 0 else { return "\(minorUnits) \(currency)" }
        let scale = UInt64(Money.powerOfTen(digits))
        let fraction = String(magnitude % scale)
        let padded = String(repeating: "0", count: digits - fraction.count) + fraction
        return "\(minorUnits < 0 ? "-" : "")\(magnitude / scale).\(padded) \(currency)"
    }

    /// The amount as a customer in `locale` reads it (`$9.99`, `9,99 €`, `¥980`).
    public func formatted(locale: String) -> String {
        decimalAmount.formatted(.currency(code: currency).locale(Locale(identifier: locale)))
    }
}
