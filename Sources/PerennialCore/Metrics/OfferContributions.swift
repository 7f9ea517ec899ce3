/// What one subscription's offers contribute (`offers.*`), per offer it redeemed (`PeriodOffer`, its key
/// `<kind>:<identifier>`):
/// - `offers.redemptions.<offer>`: 1, on the day the first period under the offer began (paid or free);
/// - `offers.renewals_after.<offer>`: 1 for each paid period (not a free trial, not refunded; an upgrade's
///   cut-short period counts) that began after the offer's last period while the subscription kept going —
///   each within 60 days of the end of the periods before it, as `SubscriptionCohort` counts streaks; the
///   first longer gap ends the count — on the day it began;
/// - `offers.proceeds_after.<currency>.<offer>`: those periods' proceeds (`RevenueCalculator`'s sales), on
///   the same days.
/// The offer's key comes last in the measure's name, after fixed parts and a currency (which hold no dot),
/// so it may hold any character; `MetricSeries` turns the names into the values `<offer>.redemptions`,
/// `<offer>.renewals_after` and `<offer>.proceeds_after.<currency>`.
struct OfferContributions {
    /// Auto-renewable periods in order of purchase.
    let periods: [TransactionFact]

    init(transactions: [TransactionFact]) {
        periods = transactions.filter { $0.expiresAt != nil }
            .sorted { ($0.purchasedAt, $0.transactionID) < ($1.purchasedAt, $1.transactionID) }
    }

    /// The value's name in the `offers` metric for a measure's name without `offers.`; nil for a name no
    /// contribution has.
    static func valueName(ofMeasure name: Substring) -> String? {
        guard let dot = name.firstIndex(of: ".") else { return nil }
        let field = name[..<dot]
        let rest = name[name.index(after: dot)...]
        switch field {
        case "redemptions", "renewals_after":
            return String(rest) + "." + String(field)
        case "proceeds_after":
            guard let next = rest.firstIndex(of: ".") else { return nil }
            return String(rest[rest.index(after: next)...]) + ".proceeds_after." + String(rest[..<next])
        default:
            return nil
        }
    }

    /// Reports every offer's contributions; `entries` are the subscription's revenue lines.
    func contribute(entries: [RevenueEntry], add: (Int, String, String, String?, Int64) -> Void) {
        var first: [String: Int] = [:]
        var last: [String: Int] = [:]
        var keys: [String] = []
        for (index, period) in periods.enumerated() {
            guard let key = PeriodOffer(of: period)?.key else { continue }
            if first[key] == nil {
                first[key] = index
                keys.append(key)
            }
            last[key] = index
        }
        guard !keys.isEmpty else { return }
        var proceeds: [String: [String: Int64]] = [:]
        for entry in entries where entry.kind == .sale {
            proceeds[entry.transactionID, default: [:]][entry.proceeds.currency, default: 0] += entry.proceeds.minorUnits
        }
        for key in keys {
            guard let firstIndex = first[key], let lastIndex = last[key] else { continue }
            let redeemed = periods[firstIndex]
            add(SubscriptionContributions.day(of: redeemed.purchasedAt), MetricMeasure.offersPrefix + "redemptions." + key,
                redeemed.productID, redeemed.storefront, 1)
            guard var end = periods[...lastIndex].compactMap(\.expiresAt).max() else { continue }
            for period in periods[(lastIndex + 1)...] {
                guard period.cancelledAt == nil || period.isUpgraded else { continue }
                guard period.purchasedAt.milliseconds - end.milliseconds <= SubscriptionCohort.maximumGapMilliseconds else { break }
                if let periodEnd = period.expiresAt, periodEnd > end { end = periodEnd }
                guard !period.isTrialPeriod else { continue }
                let day = SubscriptionContributions.day(of: period.purchasedAt)
                add(day, MetricMeasure.offersPrefix + "renewals_after." + key, period.productID, period.storefront, 1)
                for (currency, amount) in proceeds[period.transactionID] ?? [:] {
                    add(day, MetricMeasure.offersPrefix + "proceeds_after." + currency + "." + key, period.productID, period.storefront, amount)
                }
            }
        }
    }
}
