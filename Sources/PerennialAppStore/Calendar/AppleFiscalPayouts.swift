import PerennialCore

/// The App Store's payout rule: a fiscal month's proceeds are paid 33 days after it ends
/// (`AppleFiscalCalendar`).
public struct AppleFiscalPayouts: PayoutRule {
    public init() {}

    public func payment(forRevenueOn date: CivilDate) -> StorePayment? {
        let fiscalYear = date > AppleFiscalCalendar.yearEnd(ofFiscalYear: date.year) ? date.year + 1 : date.year
        return [fiscalYear, fiscalYear + 1].lazy
            .compactMap { try? AppleFiscalCalendar(fiscalYear: $0).payments }
            .joined()
            .first { $0.revenuePeriodStart <= date && date <= $0.revenuePeriodEnd }
    }
}
