/// How a store pays: the calendar that says which payment pays revenue made on a given day. The composition
/// root gives each store its own; the core never decides by store.
public enum PayoutCalendar: Sendable, Hashable {
    /// Apple's: a fiscal month's proceeds 33 days after it ends (`AppleFiscalCalendar`).
    case appleFiscal
    /// Google Play's: a calendar month's on the 15th of the next, moved to a business day
    /// (`GooglePlayPayoutCalendar`).
    case monthlyOnTheFifteenth
    /// A Stripe account's payout schedule; a manual one pays nothing by itself.
    case stripe(StripePayoutSchedule)

    /// The payment that pays revenue made on `date`; nil when the calendar pays none by itself.
    public func payment(forRevenueOn date: CivilDate) -> StorePayment? {
        switch self {
        case .appleFiscal:
            let fiscalYear = date > AppleFiscalCalendar.yearEnd(ofFiscalYear: date.year) ? date.year + 1 : date.year
            return [fiscalYear, fiscalYear + 1].lazy
                .compactMap { try? AppleFiscalCalendar(fiscalYear: $0).payments }
                .joined()
                .first { $0.revenuePeriodStart <= date && date <= $0.revenuePeriodEnd }
        case .monthlyOnTheFifteenth:
            guard let first = CivilDate(year: date.year, month: date.month, day: 1) else { return nil }
            return StorePayment(
                label: nil, paymentDate: GooglePlayPayoutCalendar.payoutDate(forEarningsYear: date.year, month: date.month),
                revenuePeriodStart: first, revenuePeriodEnd: first.lastDayOfMonth)
        case .stripe(let schedule):
            guard schedule.interval != .manual else { return nil }
            let available = schedule.availableDate(ofChargeOn: date)
            guard let payday = (0...62).lazy.map({ available.adding(days: $0) }).first(where: schedule.isPayoutDay) else { return nil }
            return (try? schedule.payouts(from: payday, through: payday))?.first
        }
    }
}
