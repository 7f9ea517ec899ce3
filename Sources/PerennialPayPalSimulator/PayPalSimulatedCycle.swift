import Foundation
import PerennialCore
import PerennialPayPal

/// One billing cycle of a plan: how often, how many times (0: until cancelled), at what price (none: free).
struct PayPalSimulatedCycle: Sendable, Hashable {
    var sequence: Int
    var isTrial: Bool
    var intervalUnit: String
    var intervalCount: Int
    var totalCycles: Int
    var price: PayPalSimulatedMoney?

    static let units: Set<String> = ["DAY", "WEEK", "MONTH", "YEAR"]

    /// Reads a `billing_cycles` item; throws naming what is wrong.
    init(_ object: Any) throws(PayPalSimulatedError) {
        guard let object = object as? [String: Any], let frequency = object["frequency"] as? [String: Any],
              let unit = frequency["interval_unit"] as? String, Self.units.contains(unit) else {
            throw .invalid("MISSING_REQUIRED_PARAMETER", "billing_cycles[].frequency.interval_unit must be DAY, WEEK, MONTH or YEAR")
        }
        let count = frequency["interval_count"] as? Int ?? 1
        let tenure = object["tenure_type"] as? String ?? ""
        guard (1...365).contains(count), tenure == "REGULAR" || tenure == "TRIAL", let sequence = object["sequence"] as? Int,
              (1...99).contains(sequence) else {
            throw .invalid("INVALID_PARAMETER_VALUE", "billing_cycles[] needs tenure_type REGULAR or TRIAL, a sequence and an interval_count of 1 to 365")
        }
        let total = object["total_cycles"] as? Int ?? 1
        guard (0...999).contains(total) else { throw .invalid("INVALID_PARAMETER_VALUE", "billing_cycles[].total_cycles must be 0 to 999") }
        var price: PayPalSimulatedMoney?
        if let fixed = (object["pricing_scheme"] as? [String: Any])?["fixed_price"] {
            guard let money = PayPalSimulatedMoney(fixed) else {
                throw .invalid("INVALID_PARAMETER_VALUE", "billing_cycles[].pricing_scheme.fixed_price must be {currency_code, value}")
            }
            price = money
        } else if tenure == "REGULAR" {
            throw .invalid("MISSING_REQUIRED_PARAMETER", "a REGULAR billing cycle needs pricing_scheme.fixed_price")
        }
        self.init(sequence: sequence, isTrial: tenure == "TRIAL", intervalUnit: unit, intervalCount: count, totalCycles: total, price: price)
    }

    init(sequence: Int, isTrial: Bool, intervalUnit: String, intervalCount: Int, totalCycles: Int, price: PayPalSimulatedMoney?) {
        self.sequence = sequence
        self.isTrial = isTrial
        self.intervalUnit = intervalUnit
        self.intervalCount = intervalCount
        self.totalCycles = totalCycles
        self.price = price
    }

    /// `instant` one period later, on the UTC calendar, as PayPal counts it (and Perennial reads it).
    func after(_ instant: Instant) -> Instant {
        PayPalSubscriptionSnapshot.adding(PayPalFrequency(intervalUnit: intervalUnit, intervalCount: intervalCount), times: 1, to: instant) ?? instant
    }

    var json: [String: Any] {
        var pricing: [String: Any] = ["version": 1]
        if let price { pricing["fixed_price"] = price.json }
        return [
            "frequency": ["interval_unit": intervalUnit, "interval_count": intervalCount], "tenure_type": isTrial ? "TRIAL" : "REGULAR",
            "sequence": sequence, "total_cycles": totalCycles, "pricing_scheme": pricing,
        ]
    }
}
