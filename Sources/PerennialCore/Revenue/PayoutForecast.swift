/// When the stores pay the proceeds of revenue lines, each by its `PayoutCalendar`, summed per payment,
/// store and currency (amounts stay in their currencies).
public struct PayoutForecast: Sendable {
    /// One payment of one store in one currency.
    public struct Payment: Sendable, Hashable {
        public var store: Store
        /// What the store's calendar calls it (Apple's fiscal month, `October 2023`), when it names it.
        public var label: String?
        public var paymentDate: CivilDate
        public var revenuePeriodStart: CivilDate
        public var revenuePeriodEnd: CivilDate
        /// The proceeds it pays: sales less refunds of the period.
        public var proceeds: Money
        /// How many revenue lines it sums.
        public var lines: Int
    }

    /// Each store's calendar; lines of a store without one are not forecast.
    public var calendars: [Store: PayoutCalendar]

    public init(calendars: [Store: PayoutCalendar]) {
        self.calendars = calendars
    }

    /// What one store's revenue lines of one day came to, in one currency: the proceeds and how many lines.
    public struct DailyProceeds: Sendable, Hashable {
        public var store: Store
        public var day: CivilDate
        public var proceeds: Money
        public var lines: Int

        public init(store: Store, day: CivilDate, proceeds: Money, lines: Int) {
            self.store = store
            self.day = day
            self.proceeds = proceeds
            self.lines = lines
        }
    }

    /// The payments made from `from` through `through` (inclusive) for `entries`, by date, store and currency.
    /// Lines of stores without a calendar are left out.
    public func payments(for entries: [RevenueEntry], from: CivilDate, through: CivilDate) -> [Payment] {
        payments(for: entries.map {
            DailyProceeds(store: $0.subscription.store, day: CivilDate(utcDayOf: $0.occurredAt), proceeds: $0.proceeds, lines: 1)
        }, from: from, through: through)
    }

    /// The payments made from `from` through `through` (inclusive) for days' proceeds (what the metric
    /// rollups keep), by date, store and currency.
    public func payments(for days: [DailyProceeds], from: CivilDate, through: CivilDate) -> [Payment] {
        var byKey: [String: Payment] = [:]
        for daily in days {
            guard let payment = calendars[daily.store]?.payment(forRevenueOn: daily.day),
                  from <= payment.paymentDate, payment.paymentDate <= through
            else { continue }
            let key = "\(payment.paymentDate)|\(daily.store.rawValue)|\(daily.proceeds.currency)"
            var sum = byKey[key] ?? Payment(
                store: daily.store, label: payment.label, paymentDate: payment.paymentDate,
                revenuePeriodStart: payment.revenuePeriodStart, revenuePeriodEnd: payment.revenuePeriodEnd,
                proceeds: Money(minorUnits: 0, currency: daily.proceeds.currency), lines: 0)
            sum.proceeds.minorUnits += daily.proceeds.minorUnits
            sum.lines += daily.lines
            byKey[key] = sum
        }
        return byKey.values.sorted {
            ($0.paymentDate, $0.store.rawValue, $0.proceeds.currency) < ($1.paymentDate, $1.store.rawValue, $1.proceeds.currency)
        }
    }

    /// How far before a payment its revenue can be made: Apple's fiscal month and 33 days, with margin.
    public static let longestLeadDays = 75
}
