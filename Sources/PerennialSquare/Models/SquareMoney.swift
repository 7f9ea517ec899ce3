import PerennialCore

/// An amount as Square writes it: `{"amount": 999, "currency": "USD"}`, already in the currency's minor units.
public struct SquareMoney: Sendable, Hashable, Codable {
    public var amount: Int64?
    public var currency: String?

    public init(amount: Int64?, currency: String?) {
        self.amount = amount
        self.currency = currency
    }

    /// The amount; nil without one, negative, or without a three-letter currency.
    public var money: Money? {
        guard let amount, amount >= 0, let code = currency?.uppercased(), code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            return nil
        }
        return Money(minorUnits: amount, currency: code)
    }
}
