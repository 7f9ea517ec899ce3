import Foundation

/// Monthly recurring revenue, defined once here (docs/metrics.md repeats it): at an instant, the sum over
/// subscriptions a customer is paying for and has access to — active, introductory or in a grace period;
/// not trials, not billing retry without access, not paused — of the price of the period they are in,
/// normalised to a month by its length: a week × 52 / 12, a month × 1, two months ÷ 2, a quarter ÷ 3, six
/// months ÷ 6, a year ÷ 12, any other length × 30.436875 (the mean month) / its days. A subscription whose
/// customer turned auto-renew off counts until it expires. Per currency; the price is the store's, else
/// the catalog's (as `RevenueCalculator` prices). Differs from RevenueCat's published charts, which count
/// a week as 4 weeks a month (× 4, not × 52/12 ≈ 4.33): a weekly plan's MRR is 8% higher here, and right.
public enum MonthlyRecurringRevenue {
    /// The monthly value of a period of `days` days that costs `price`, unrounded.
    public static func monthlyValue(of price: Money, periodDays days: Double) -> Decimal {
        let amount = Decimal(price.minorUnits)
        switch days {
        case 6.5...7.5: return amount * 52 / 12
        case 27.5...31.5: return amount
        case 58...62.5: return amount / 2
        case 88...93: return amount / 3
        case 180...185: return amount / 6
        case 364...367: return amount / 12
        default:
            guard days > 0 else { return 0 }
            return amount * Decimal(string: "30.436875")! / Decimal(days)
        }
    }

    /// Whether a subscription in this state counts at that instant.
    public static func counts(_ state: SubscriptionState) -> Bool {
        state.productType == .autoRenewable && [.active, .introductory, .gracePeriod].contains(state.status)
    }

    /// The monthly value in millionths of a minor unit, rounded half to even: what a subscription adds to
    /// `mrr.*` (sums of these, rounded to minor units, are the series' figures).
    public static func millionths(of price: Money, periodDays days: Double) -> Int64 {
        var exact = monthlyValue(of: price, periodDays: days) * Decimal(MetricMeasure.mrrScale)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &exact, 0, .bankers)
        return NSDecimalNumber(decimal: rounded).int64Value
    }

    /// Minor units from a sum of millionths, rounded half to even.
    public static func minorUnits(fromMillionths value: Int64) -> Int64 {
        MetricSeries.dividedHalfEven(value, by: MetricMeasure.mrrScale)
    }

    /// The price and length in days of the period a subscription's state is in: its deciding transaction's
    /// (the store's price, else the catalog's); nil when neither is known.
    public static func currentPrice(
        of state: SubscriptionState, in transactions: [TransactionFact], catalog: Catalog
    ) -> (Money, Double)? {
        guard let transaction = transactions.first(where: { $0.transactionID == state.latestTransactionID }),
              let price = transaction.price ?? catalog.product(transaction.productID, store: transaction.store)?.price,
              let end = transaction.expiresAt, end > transaction.purchasedAt
        else { return nil }
        return (price, Double(end.milliseconds - transaction.purchasedAt.milliseconds) / 86_400_000)
    }
}
