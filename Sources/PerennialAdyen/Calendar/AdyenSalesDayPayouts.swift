import PerennialCore

/// Adyen's default payout model (Sales Day Payout): each sales day's captured payments form one payable
/// batch, paid out after the merchant account's settlement delay, in business days (Adyen sets it from 0 to
/// 12 by the merchant's category; the Customer Area shows it under Finance > Payout model). Weekends are
/// skipped; bank holidays, which depend on the payout currency, are not modelled.
public struct AdyenSalesDayPayouts: PayoutRule {
    public var delayBusinessDays: Int

    public init(delayBusinessDays: Int = 2) {
        self.delayBusinessDays = max(0, delayBusinessDays)
    }

    public func payment(forRevenueOn date: CivilDate) -> StorePayment? {
        StorePayment(label: nil, paymentDate: date.adding(businessDays: delayBusinessDays), revenuePeriodStart: date, revenuePeriodEnd: date)
    }
}
