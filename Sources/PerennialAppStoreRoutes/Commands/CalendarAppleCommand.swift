import ArgumentParser
import PerennialAppStore
import PerennialCore
import PerennialStoreModule

/// `perennial calendar apple --fiscal-year YYYY [--json]`: the twelve App Store payments made during an
/// Apple fiscal year.
struct CalendarAppleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apple",
        abstract: "Print the 12 App Store payments made during an Apple fiscal year.",
        discussion: """
            Apple's fiscal year ends on the last Saturday of September; weeks run Sunday to Saturday; each quarter \
            is 5-4-4 weeks, and a 53-week year gives December a fifth week. A fiscal month's proceeds are paid 33 \
            days after it ends; each payment is named after the fiscal month two later ("October 2023" pays \
            fiscal August 2023). --json prints [{"fiscal_month", "payment_date", "revenue_period_start", \
            "revenue_period_end"}, …].
            """
    )

    @Option(help: "The Apple fiscal year, 2000-2100 (fiscal 2024 ran 2023-10-01 to 2024-09-28).")
    var fiscalYear: Int

    @Flag(help: "Print a JSON array instead of a table.")
    var json = false

    func validate() throws {
        try PayoutCalendarOutput.validate(
            fiscalYear, option: "--fiscal-year", in: AppleFiscalCalendar.supportedFiscalYears,
            because: "years ending on the last Saturday of September")
    }

    func run() throws {
        let calendar = try AppleFiscalCalendar(fiscalYear: fiscalYear)
        PayoutCalendarOutput.printPayments(calendar.payments, json: json, labelKey: "fiscal_month", labelHeader: "Fiscal month")
    }
}
