import PerennialCore

/// How an app's revenue is counted (`revenue:` in its configuration): what each store keeps, and the
/// currency and rates reports are in.
public struct RevenueSettings: Sendable, Hashable {
    /// Each store's commission. The server gives every store its published rule unless the configuration
    /// changes it (each store's module); a store without one keeps the whole price.
    public var schedules: [Store: CommissionSchedule]
    /// The rates into the reporting currency (`reporting_currency`, `rates_file`); nil: amounts stay in
    /// their own currencies.
    public var rates: ExchangeRates?
    /// When each store pays (`GET /v1/admin/payouts/forecast`): each store's own calendar, unless the
    /// configuration changes it.
    public var payoutCalendars: [Store: PayoutCalendar]

    public init(schedules: [Store: CommissionSchedule] = [:], rates: ExchangeRates? = nil, payoutCalendars: [Store: PayoutCalendar] = [:]) {
        self.schedules = schedules
        self.rates = rates
        self.payoutCalendars = payoutCalendars
    }
}
