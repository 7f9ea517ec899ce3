import PerennialCore

/// Square's standard transfer: the payments of a day are sent to the seller's bank on the next business day
/// (Monday to Friday; bank holidays, which vary by country, are not modelled), in one payment per day of
/// sales.
public struct SquareNextBusinessDayPayouts: PayoutRule {
    public init() {}

    public func payment(forRevenueOn date: CivilDate) -> StorePayment? {
        StorePayment(label: nil, paymentDate: date.adding(businessDays: 1), revenuePeriodStart: date, revenuePeriodEnd: date)
    }
}
