import ArgumentParser
import PerennialCore
import PerennialStoreModule
import PerennialStripe

/// `perennial calendar stripe --from DATE --to DATE --schedule daily|weekly|monthly [--delay-days N]
/// [--calendar-days] [--weekly-anchor DAY] [--monthly-anchor N] [--json]`: the payouts a Stripe payout
/// schedule makes between two dates.
struct CalendarStripeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stripe",
        abstract: "Print the payouts a Stripe payout schedule makes between two dates, with the charge dates each pays.",
        discussion: """
            Models settings.payouts.schedule: a charge becomes available --delay-days business days after it is \
            made (calendar days with --calendar-days, as in some countries); daily pays each day's newly \
            available charges, weekly and monthly pay everything that became available since the previous \
            payout. A monthly anchor past the month's end pays on its last day. --json prints \
            [{"payment_date", "revenue_period_start", "revenue_period_end"}, …], the revenue period being the \
            charge dates.
            """
    )

    @Option(help: "The first payout date to list (yyyy-MM-dd).")
    var from: String

    @Option(help: "The last payout date to list (yyyy-MM-dd).")
    var to: String

    @Option(help: "The payout interval: daily, weekly or monthly.")
    var schedule: String

    @Option(help: "Days a charge takes to become available, 0-31.")
    var delayDays: Int = StripePayoutSchedule.defaultDelayDays

    @Flag(help: "Count --delay-days in calendar days instead of business days (Monday to Friday).")
    var calendarDays = false

    @Option(help: "weekly: the payout weekday, monday…sunday (default: monday).")
    var weeklyAnchor: String?

    @Option(help: "monthly: the payout day of the month, 1-31 (default: 1).")
    var monthlyAnchor: Int?

    @Flag(help: "Print a JSON array instead of a table.")
    var json = false

    func validate() throws {
        _ = try payouts()
    }

    func run() throws {
        PayoutCalendarOutput.printPayments(try payouts(), json: json, labelKey: nil, labelHeader: nil, revenueHeader: "Charges")
    }

    /// The schedule's payouts, or a `ValidationError` saying which option is wrong.
    private func payouts() throws -> [StorePayment] {
        guard let interval = StripePayoutInterval(rawValue: schedule), interval != .manual else {
            throw ValidationError("--schedule must be daily, weekly or monthly (a manual schedule makes no automatic payouts)")
        }
        guard let start = CivilDate(iso: from) else { throw ValidationError("--from \(from) is not a date (yyyy-MM-dd)") }
        guard let end = CivilDate(iso: to) else { throw ValidationError("--to \(to) is not a date (yyyy-MM-dd)") }
        if weeklyAnchor != nil, interval != .weekly { throw ValidationError("--weekly-anchor applies only to --schedule weekly") }
        if monthlyAnchor != nil, interval != .monthly { throw ValidationError("--monthly-anchor applies only to --schedule monthly") }
        var weekday = Weekday.monday
        if let weeklyAnchor {
            guard let day = Weekday(name: weeklyAnchor) else {
                throw ValidationError("--weekly-anchor \(weeklyAnchor) is not a weekday (monday, tuesday, … sunday)")
            }
            weekday = day
        }
        do throws(PayoutCalendarError) {
            let payoutSchedule = try StripePayoutSchedule(
                interval: interval, delayDays: delayDays, delayUnit: calendarDays ? .calendarDays : .businessDays,
                weeklyAnchor: weekday, monthlyAnchor: monthlyAnchor ?? 1)
            return try payoutSchedule.payouts(from: start, through: end)
        } catch {
            throw ValidationError(error.message)
        }
    }
}
