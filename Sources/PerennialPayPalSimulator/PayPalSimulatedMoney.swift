import Foundation

/// An amount in a currency's minor units (cents), written as PayPal writes money: `"9.99"` with its
/// `currency_code`. The simulator takes every currency to have two decimals.
struct PayPalSimulatedMoney: Sendable, Hashable {
    var minorUnits: Int64
    var currency: String

    /// Reads `{currency_code, value}`; nil when the value is not a non-negative amount with at most two decimals.
    init?(_ object: Any?) {
        guard let object = object as? [String: Any], let currency = object["currency_code"] as? String,
              currency.count == 3, currency.allSatisfy({ $0.isUppercase && $0.isASCII }),
              let value = object["value"] as? String, value.utf8.count <= 20 else { return nil }
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = Int64(parts[0]), whole >= 0, whole < 10_000_000_000,
              parts[0].allSatisfy(\.isNumber) else { return nil }
        var cents: Int64 = 0
        if parts.count == 2 {
            guard (1...2).contains(parts[1].count), parts[1].allSatisfy(\.isNumber), let fraction = Int64(parts[1]) else { return nil }
            cents = parts[1].count == 1 ? fraction * 10 : fraction
        }
        self.init(minorUnits: whole * 100 + cents, currency: currency)
    }

    init(minorUnits: Int64, currency: String) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// `"9.99"`; negative amounts (refunds in v1 sale events) as `"-9.99"`.
    var value: String {
        let sign = minorUnits < 0 ? "-" : ""
        let magnitude = minorUnits.magnitude
        let cents = magnitude % 100
        return "\(sign)\(magnitude / 100).\(cents < 10 ? "0" : "")\(cents)"
    }

    /// `{currency_code, value}`, as the v1 Subscriptions and v2 Payments APIs write money.
    var json: [String: Any] { ["currency_code": currency, "value": value] }

    /// `{total, currency}`, as v1 sale events write it.
    var saleJSON: [String: Any] { ["total": value, "currency": currency] }
}
