import ArgumentParser
import PerennialCore
import PerennialGooglePlay
import PerennialStoreModule

/// `perennial calendar google --year YYYY [--json]`: the twelve Google Play payouts made during a calendar
/// year.
struct CalendarGooglePlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "google",
        abstract: "Print the 12 Google Play payouts made during a calendar year.",
        discussion: """
            Lists the payouts made during the year (as `calendar apple` does): January's pays the previous \
            December's earnings, December's pays November's. Each month's earnings are paid on the 15th of the \
            next month, or the Monday after when the 15th is a Saturday or Sunday; bank holidays vary by country \
            and are not modelled. --json prints [{"earnings_month", "payment_date", "revenue_period_start", \
            "revenue_period_end"}, …].
            """
    )

    @Option(help: "The calendar year the payouts are made in, 2014-2100.")
    var year: Int

    @Flag(help: "Print a JSON array instead of a table.")
    var json = false

    func validate() throws {
        try PayoutCalendarOutput.validate(
            year, option: "--year", in: GooglePlayPayoutCalendar.supportedYears,
            because: "Google Play has paid on the 15th since April 2013")
    }

    func run() throws {
        let calendar = try GooglePlayPayoutCalendar(year: year)
        PayoutCalendarOutput.printPayments(calendar.payments, json: json, labelKey: "earnings_month", labelHeader: "Earnings month")
    }
}
