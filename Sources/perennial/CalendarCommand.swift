import ArgumentParser
import PerennialCore

/// `perennial calendar apple|google|stripe`: when the stores pay, and for which days' revenue, as an aligned
/// table or as JSON.
struct CalendarCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: "When the stores pay: Apple's fiscal-month payments, Google Play's monthly payouts, Stripe payout schedules.",
        discussion: "Dates are calendar days (UTC, yyyy-MM-dd); bank holidays vary by country and are not modelled.",
        subcommands: [CalendarAppleCommand.self, CalendarGooglePlayCommand.self, CalendarStripeCommand.self]
    )

    /// Refuses `year` outside `supported`, naming the option and why the range ends where it does.
    static func validate(_ year: Int, option: String, in supported: ClosedRange<Int>, because reason: String) throws {
        guard supported.contains(year) else {
            throw ValidationError("\(option) \(year) is outside \(supported.lowerBound)...\(supported.upperBound) (\(reason))")
        }
    }

    /// Prints payments as a JSON array (one object per line, keys in a fixed order) or as an aligned table.
    static func printPayments(
        _ payments: [StorePayment], json: Bool, labelKey: String?, labelHeader: String?,
        revenueHeader: String = "Revenue period"
    ) {
        if json {
            print(StorePayment.jsonText(payments, labelKey: labelKey))
        } else {
            print(StorePayment.table(payments, labelHeader: labelHeader, revenueHeader: revenueHeader), terminator: "")
        }
    }
}
