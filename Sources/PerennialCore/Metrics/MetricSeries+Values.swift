extension MetricSeries {
    /// A bucket's named values from its measures' sums (the prefix removed): every column of the metric,
    /// zero when nothing contributed, and the rates derived from them.
    static func values(of name: String, _ sums: [String: Int64]) -> [String: Int64] {
        switch name {
        case "active_subscriptions":
            var values = ["trial": 0, "paid": 0, "grace_period": 0, "billing_retry": 0].merging(sums) { $1 }
            values["total"] = values["trial", default: 0] + values["paid", default: 0] + values["grace_period", default: 0]
            return values
        case "mrr", "mrr_movement":
            return sums.mapValues(MonthlyRecurringRevenue.minorUnits(fromMillionths:)).filter { $0.value != 0 }
        case "arr":
            return sums.mapValues { MonthlyRecurringRevenue.minorUnits(fromMillionths: $0 * 12) }.filter { $0.value != 0 }
        case "new_subscriptions":
            var values = ["trials": 0, "paid": 0, "conversions": 0, "converted_trials": 0].merging(sums) { $1 }
            values["conversion_rate_bp"] = rate(values["converted_trials", default: 0], of: values["trials", default: 0])
            return values
        case "churn": return ["voluntary": 0, "involuntary": 0, "refunded": 0, "other": 0].merging(sums) { $1 }
        case "renewals": return ["count": sums[MetricMeasure.renewals, default: 0]]
        case "revenue":
            var values = ["refunds": 0, "sales": 0, "refunded_sales": 0].merging(sums) { $1 }
            values["refund_rate_bp"] = rate(values["refunded_sales", default: 0], of: values["sales", default: 0])
            return values
        case "ltv":
            var values = ["subscriptions": 0, "customers": 0].merging(sums) { $1 }
            let count = values["subscriptions", default: 0], customers = values["customers", default: 0]
            for (key, proceeds) in sums where key.hasPrefix("proceeds.") && count > 0 {
                values["per_subscription." + key.dropFirst("proceeds.".count)] = dividedHalfEven(proceeds, by: count)
            }
            for (key, proceeds) in sums where key.hasPrefix("customer_proceeds.") && customers > 0 {
                values["per_customer." + key.dropFirst("customer_proceeds.".count)] = dividedHalfEven(proceeds, by: customers)
            }
            return values
        case "billing":
            var values = ["issues": 0, "recovered": 0, "recovered_in_grace": 0, "days_to_recover": 0, "lost": 0].merging(sums) { $1 }
            let recovered = values["recovered", default: 0]
            values["recovery_rate_bp"] = rate(recovered, of: recovered + values["lost", default: 0])
            return values
        case "state_mix":
            return ["standard": 0, "introductory": 0, "promotional": 0, "offer_code": 0].merging(sums) { $1 }
        case "offers":
            var values: [String: Int64] = [:]
            for (measure, sum) in sums {
                guard let key = OfferContributions.valueName(ofMeasure: Substring(measure)) else { continue }
                values[key, default: 0] += sum
            }
            return values
        default: return sums
        }
    }

    /// `part` × 10,000 ÷ `whole` rounded half to even, in basis points; nil when `whole` is 0.
    static func rate(_ part: Int64, of whole: Int64) -> Int64? {
        whole == 0 ? nil : dividedHalfEven(part * 10_000, by: whole)
    }
}
