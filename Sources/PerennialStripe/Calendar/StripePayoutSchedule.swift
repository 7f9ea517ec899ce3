import PerennialCore

/// A Stripe account's automatic payout schedule (`settings.payouts.schedule`) and the payouts it makes.
///
/// Stripe's documented semantics (https://docs.stripe.com/connect/manage-payout-schedule and the
/// `settings.payouts.schedule` reference of the Accounts API):
/// - `delay_days` is how long a charge takes to become available for payout, in business or calendar days
///   depending on the country (`StripeDelayUnit`); it can be set up to 31.
/// - `daily` "automatically pays out charges `delay_days` days after they're created".
/// - `weekly` "pays out the balance once a week, with the day specified by the `weekly_anchor`".
/// - `monthly` pays out the balance once a month on `monthly_anchor` (1–31); "payouts nominally scheduled
///   between the 29th and 31st of the month are instead sent on the last day of a shorter month".
/// - `manual` makes no automatic payouts.
///
/// So a payout on day P pays every charge that became available after the previous payout day and on or
/// before P. Weekly and monthly anchors are not moved off weekends, and bank holidays are not modelled: the
/// dates are the days Stripe schedules payouts, and the bank may credit them later.
public struct StripePayoutSchedule: Hashable, Sendable {
    /// Stripe's usual default for US accounts: charges become available two business days later.
    public static let defaultDelayDays = 2
    /// The `delay_days` values accepted.
    public static let delayDaysRange = 0...31
    /// The longest `from`–`through` range `payouts(from:through:)` lists, about ten years.
    public static let maximumRangeDays = 3_660

    /// How often payouts are made.
    public let interval: StripePayoutInterval
    /// How many days a charge takes to become available.
    public let delayDays: Int
    /// Whether `delayDays` counts business or calendar days.
    public let delayUnit: StripeDelayUnit
    /// The payout weekday of a weekly schedule.
    public let weeklyAnchor: Weekday
    /// The payout day of the month of a monthly schedule, 1–31.
    public let monthlyAnchor: Int

    /// A schedule; throws when `delayDays` is outside 0...31 or `monthlyAnchor` outside 1...31.
    public init(
        interval: StripePayoutInterval, delayDays: Int = defaultDelayDays, delayUnit: StripeDelayUnit = .businessDays,
        weeklyAnchor: Weekday = .monday, monthlyAnchor: Int = 1
    ) throws(PayoutCalendarError) {
        guard StripePayoutSchedule.delayDaysRange.contains(delayDays) else { throw .invalidDelayDays(delayDays) }
        guard (1...31).contains(monthlyAnchor) else { throw .invalidMonthlyAnchor(monthlyAnchor) }
        self.interval = interval
        self.delayDays = delayDays
        self.delayUnit = delayUnit
        self.weeklyAnchor = weeklyAnchor
        self.monthlyAnchor = monthlyAnchor
    }

    /// The day a charge made on `chargeDate` becomes available for payout.
    public func availableDate(ofChargeOn chargeDate: CivilDate) -> CivilDate {
        switch delayUnit {
        case .businessDays: chargeDate.adding(businessDays: delayDays)
        case .calendarDays: chargeDate.adding(days: delayDays)
        }
    }

    /// Whether the schedule pays out on `date`: every day funds can become available (daily), the anchor
    /// weekday (weekly), the anchor day or the month's last day if shorter (monthly), never (manual).
    public func isPayoutDay(_ date: CivilDate) -> Bool {
        switch interval {
        case .daily: delayUnit == .calendarDays || date.isBusinessDay
        case .weekly: date.weekday == weeklyAnchor
        case .monthly: date.day == min(monthlyAnchor, date.lastDayOfMonth.day)
        case .manual: false
        }
    }

    /// The payouts scheduled from `from` through `through` (inclusive), each with the range of charge dates
    /// it pays; empty for a manual schedule. Throws when the range is reversed or longer than
    /// `maximumRangeDays`.
    public func payouts(from: CivilDate, through: CivilDate) throws(PayoutCalendarError) -> [StorePayment] {
        guard from <= through else { throw .invalidDateRange("the range ends (\(through)) before it starts (\(from))") }
        guard through.days(since: from) < StripePayoutSchedule.maximumRangeDays else {
            throw .invalidDateRange("the range is longer than \(StripePayoutSchedule.maximumRangeDays) days")
        }
        guard interval != .manual else { return [] }
        var payouts: [StorePayment] = []
        var day = from
        while day <= through {
            if isPayoutDay(day), let previous = previousPayoutDay(before: day) {
                let first = latestCharge(paidBy: previous).adding(days: 1)
                let last = latestCharge(paidBy: day)
                if first <= last {
                    payouts.append(StorePayment(label: nil, paymentDate: day, revenuePeriodStart: first, revenuePeriodEnd: last))
                }
            }
            day = day.adding(days: 1)
        }
        return payouts
    }

    /// The last payout day before `date` (within the 62 days before it; always found unless manual).
    func previousPayoutDay(before date: CivilDate) -> CivilDate? {
        (1...62).lazy.map { date.adding(days: -$0) }.first(where: isPayoutDay)
    }

    /// The latest charge date whose funds are available on or before `date`. Availability never comes
    /// earlier than `delayDays` calendar days after the charge and never goes backwards, so the search
    /// starts there and walks back.
    func latestCharge(paidBy date: CivilDate) -> CivilDate {
        var charge = date.adding(days: -delayDays)
        while availableDate(ofChargeOn: charge) > date { charge = charge.adding(days: -1) }
        return charge
    }
}
