import PerennialCore

/// How an app's revenue is counted (`revenue:` in its configuration): what each store keeps, and the
/// currency and rates reports are in.
public struct RevenueSettings: Sendable, Hashable {
    /// Each store's commission; the defaults are the stores' published rules and Stripe's standard fee.
    public var schedules: [Store: CommissionSchedule]
    /// The rates into the reporting currency (`reporting_currency`, `rates_file`); nil: amounts stay in
    /// their own currencies.
    public var rates: ExchangeRates?
    /// When each store pays (`GET /v1/admin/payouts/forecast`); Stripe's follows `stripe_payout_schedule`.
    public var payoutCalendars: [Store: PayoutCalendar]

    public init(
        schedules: [Store: CommissionSchedule] = RevenueSettings.defaultSchedules, rates: ExchangeRates? = nil,
        payoutCalendars: [Store: PayoutCalendar] = RevenueSettings.defaultPayoutCalendars
    ) {
        self.schedules = schedules
        self.rates = rates
        self.payoutCalendars = payoutCalendars
    }

    /// Apple's fiscal calendar, Play's monthly payouts, and Stripe's default schedule (daily, two business
    /// days after the charge).
    public static let defaultPayoutCalendars: [Store: PayoutCalendar] = {
        var calendars: [Store: PayoutCalendar] = [.appStore: .appleFiscal, .playStore: .monthlyOnTheFifteenth]
        calendars[.stripe] = (try? StripePayoutSchedule(interval: .daily)).map(PayoutCalendar.stripe)
        return calendars
    }()

    /// The App Store outside the Small Business Program, Google Play, and Stripe's standard 2.9% + 30¢.
    public static let defaultSchedules: [Store: CommissionSchedule] = [
        .appStore: .appStore(smallBusinessProgram: false), .playStore: .playStore, .stripe: .processor(),
    ]
}
