import ArgumentParser
import PerennialCore

/// What the stores' `perennial calendar` subcommands share: checking a year option and printing payments.
public enum PayoutCalendarOutput {
    /// Refuses `year` outside `supported`, naming the option and why the range ends where it does.
    public static func validate(_ year: Int, option: String, in supported: ClosedRange<Int>, because reason: String) throws {
        guard supported.contains(year) else {
            throw ValidationError("\(option) \(year) is outside \(supported.lowerBound)...\(supported.upperBound) (\(reason))")
        }
    }

    /// Prints payments as a JSON array (one object per line, keys in a fixed order) or as an aligned table.
    public static func printPayments(
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
