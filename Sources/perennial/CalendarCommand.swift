import ArgumentParser
import PerennialServer

/// `perennial calendar <store>`: when the stores pay, and for which days' revenue, as an aligned table or as
/// JSON; each store's module brings its subcommand (`StoreModule.calendarCommand`).
struct CalendarCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: "When the stores pay, and for which days' revenue: one subcommand per store.",
        discussion: "Dates are calendar days (UTC, yyyy-MM-dd); bank holidays vary by country and are not modelled.",
        subcommands: StoreModules.all.compactMap(\.calendarCommand)
    )
}
