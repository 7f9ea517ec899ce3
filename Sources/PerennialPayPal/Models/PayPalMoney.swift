import Foundation
import PerennialCore

/// An amount as PayPal writes it: `{"currency_code": "USD", "value": "9.99"}`, the value a decimal string
/// with at most the currency's minor digits.
public struct PayPalMoney: Sendable, Hashable, Codable {
    public var currencyCode: String
    public var value: String

    public init(currencyCode: String, value: String) {
        self.currencyCode = currencyCode
        self.value = value
    }

    enum CodingKeys: String, CodingKey {
        case currencyCode = "currency_code", value
    }

    /// The amount in the currency's minor units; nil when the value is not a plain decimal (a sign, an
    /// exponent, more digits than the currency has) or the currency is not three letters.
    public var money: Money? {
        let code = currencyCode.uppercased()
        guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = parts.first, !whole.isEmpty, whole.count <= 15,
              whole.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let digits = Money.minorUnitDigits(of: code)
        let fraction = parts.count == 2 ? parts[1] : ""
        guard fraction.count <= digits, fraction.allSatisfy({ $0.isASCII && $0.isNumber }), parts.count == 1 || !fraction.isEmpty else {
            return nil
        }
        let padded = String(fraction) + String(repeating: "0", count: digits - fraction.count)
        guard let minor = Int64(String(whole) + padded) else { return nil }
        return Money(minorUnits: minor, currency: code)
    }

    /// Whether the amount is more than zero (an outstanding balance owed).
    public var isPositive: Bool {
        (money?.minorUnits ?? 0) > 0
    }
}
