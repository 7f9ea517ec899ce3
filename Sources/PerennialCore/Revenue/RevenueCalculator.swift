/// Turns a subscription's transactions into revenue lines, a pure function of its inputs. Each paid
/// transaction is a sale when it was bought; a refunded one (cancelled, not for an upgrade) is also a refund
/// when it was refunded. Free trials and free offer periods sell nothing and are not paid service.
///
/// The price is the store's (`TransactionFact.price`), else the catalog's (`Product.price`, marked
/// estimated); a transaction with neither has no line. The store's share follows its `CommissionSchedule`:
/// the first-year rate until the subscription has a year (365 days) of paid service, counted across paid
/// periods whose gaps are shorter than `serviceGapResetDays`, the later rate after.
public struct RevenueCalculator: Sendable {
    public var catalog: Catalog
    /// Each store's schedule; a store without one keeps nothing.
    public var schedules: [Store: CommissionSchedule]
    /// The rates into the reporting currency; nil: no reporting amounts.
    public var rates: ExchangeRates?

    public init(catalog: Catalog, schedules: [Store: CommissionSchedule], rates: ExchangeRates? = nil) {
        self.catalog = catalog
        self.schedules = schedules
        self.rates = rates
    }

    static let year: Int64 = 365 * 86_400_000
    static let day: Int64 = 86_400_000

    /// The lines of one subscription's transactions (in any order, each once), sales and refunds by when
    /// they happened.
    public func entries(for transactions: [TransactionFact]) -> [RevenueEntry] {
        let ordered = transactions.sorted { ($0.purchasedAt, $0.transactionID) < ($1.purchasedAt, $1.transactionID) }
        var entries: [RevenueEntry] = []
        var paidService: Int64 = 0
        var lastPaidEnd: Instant?
        for transaction in ordered where !transaction.isTrialPeriod {
            let listed = catalog.product(transaction.productID, store: transaction.store)?.price
            guard let price = transaction.price ?? listed, price.minorUnits > 0 else { continue }
            let schedule = schedules[transaction.store] ?? CommissionSchedule(firstYearBasisPoints: 0, afterFirstYearBasisPoints: 0)
            if let lastPaidEnd, transaction.purchasedAt.milliseconds - lastPaidEnd.milliseconds >= Int64(schedule.serviceGapResetDays) * Self.day {
                paidService = 0
            }
            let basisPoints = paidService >= Self.year ? schedule.afterFirstYearBasisPoints : schedule.firstYearBasisPoints
            let sale = entry(
                .sale, of: transaction, price: price, isEstimated: transaction.price == nil, basisPoints: basisPoints, schedule: schedule)
            entries.append(sale)
            if let end = transaction.expiresAt, end > transaction.purchasedAt {
                paidService += end.milliseconds - transaction.purchasedAt.milliseconds
                lastPaidEnd = max(lastPaidEnd ?? end, end)
            }
            if let refundedAt = transaction.cancelledAt, !transaction.isUpgraded {
                entries.append(Self.reversal(of: sale, at: refundedAt))
            }
        }
        return entries.sorted(by: RevenueEntry.chronologically)
    }

    private func entry(
        _ kind: RevenueEntry.Kind, of transaction: TransactionFact, price: Money, isEstimated: Bool, basisPoints: Int,
        schedule: CommissionSchedule
    ) -> RevenueEntry {
        let tax = transaction.tax.flatMap { $0.currency == price.currency ? $0 : nil } ?? Money(minorUnits: 0, currency: price.currency)
        let net = price.minorUnits - tax.minorUnits
        // The share rounded half up to the minor unit, then the fixed fee.
        let share = (net * Int64(basisPoints) + 5_000) / 10_000
        let commission = Money(minorUnits: share + schedule.fixedFeeMinorUnits, currency: price.currency)
        let proceeds = Money(minorUnits: net - commission.minorUnits, currency: price.currency)
        let day = CivilDate(utcDayOf: transaction.purchasedAt)
        return RevenueEntry(
            kind: kind, subscription: transaction.subscriptionKey, transactionID: transaction.transactionID,
            productID: transaction.productID, occurredAt: transaction.purchasedAt, storefront: transaction.storefront, price: price,
            tax: tax, isEstimated: isEstimated, commissionBasisPoints: basisPoints, commission: commission, proceeds: proceeds,
            reportingPrice: rates?.convert(price, on: day), reportingProceeds: rates?.convert(proceeds, on: day)
        )
    }

    /// The sale undone at `instant`: every amount negated (the reporting ones at the sale's rate).
    static func reversal(of sale: RevenueEntry, at instant: Instant) -> RevenueEntry {
        func negated(_ money: Money) -> Money { Money(minorUnits: -money.minorUnits, currency: money.currency) }
        var refund = sale
        refund.kind = .refund
        refund.occurredAt = instant
        refund.price = negated(sale.price)
        refund.tax = negated(sale.tax)
        refund.commission = negated(sale.commission)
        refund.proceeds = negated(sale.proceeds)
        refund.reportingPrice = sale.reportingPrice.map(negated)
        refund.reportingProceeds = sale.reportingProceeds.map(negated)
        return refund
    }
}
