import PerennialCore

/// Google Play's payout rule: a calendar month's earnings are paid on the 15th of the next, moved to a
/// business day (`GooglePlayPayoutCalendar`).
public struct GooglePlayMonthlyPayouts: PayoutRule {
    public init() {}

    public func payment(forRevenueOn date: CivilDate) -> StorePayment? {
        guard let first = CivilDate(year: date.year, month: date.month, day: 1) else { return nil }
        return StorePayment(
            label: nil, paymentDate: GooglePlayPayoutCalendar.payoutDate(forEarningsYear: date.year, month: date.month),
            revenuePeriodStart: first, revenuePeriodEnd: first.lastDayOfMonth)
    }
}
