import PerennialCore

/// An amount as Adyen writes it: `{"value": 999, "currency": "EUR"}`, in the currency's minor units.
public struct AdyenAmount: Sendable, Hashable, Codable {
    public var value: Int64
    public var currency: String

    public init(value: Int64, currency: String) {
        self.value = value
        self.currency = currency
    }

    public init(_ money: Money) {
        self.init(value: money.minorUnits, currency: money.currency)
    }

    /// The amount; nil when it is negative or its currency is not three letters.
    public var money: Money? {
        let code = currency.uppercased()
        guard value >= 0, code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        return Money(minorUnits: value, currency: code)
    }
}
