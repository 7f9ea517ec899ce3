import ArgumentParser
import Foundation
import Logging
import PerennialServer
import Synchronization

/// `perennial import --from revenuecat FILE`: moves another backend's customers into Perennial.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import customers from another backend's export, re-reading each purchase from its store.",
        discussion: """
            --from revenuecat reads RevenueCat's scheduled data export (the transactions CSV, `;` or `,` delimited, \
            gzip-compressed or not): each customer is created (an anonymous first id becomes an alias of the id \
            RevenueCat last saw), and each App Store, Google Play or Stripe purchase is read again from its store \
            (the App Store needs the app's Server API key, Google Play the Orders permission) and recorded. Calls to \
            each store are paced. Progress is saved after each customer in FILE.progress: run the same command \
            again to resume after an interruption; nothing is recorded twice.
            """
    )

    enum Source: String, ExpressibleByArgument, CaseIterable {
        case revenuecat
    }

    @OptionGroup var options: ServerOptions
    @Option(help: "Where the export comes from: revenuecat.") var from: Source
    @Option(help: "The app to import into (needed when several are configured).") var app: String?
    @Option(help: "The most calls a second to each store.") var requestsPerSecond: Double = 10
    @Argument(help: "The export file.") var file: String

    func run() async throws {
        var logger = Logger(label: "perennial")
        logger.logLevel = .error
        let started = ContinuousClock.now
        let lastReport = Mutex(ContinuousClock.now - .seconds(10))
        let progress = try await PerennialServer.importRevenueCat(
            options.overrides, appID: app, path: file, requestsPerSecond: requestsPerSecond, logger: logger
        ) { progress in
            let now = ContinuousClock.now
            let due = lastReport.withLock { last in
                guard now - last >= .seconds(1) || progress.customersDone == progress.customersTotal else { return false }
                last = now
                return true
            }
            if due { print("imported \(progress.summary)") }
        }
        print("done: \(progress.summary) in \(String(format: "%.1f", (ContinuousClock.now - started) / .seconds(1))) s")
        for (store, count) in progress.skipped.sorted(by: { $0.key < $1.key }) {
            print("skipped \(count) purchase(s) of \(store): not a store Perennial reads here")
        }
        for failure in progress.failures.prefix(20) {
            print("failed: \(failure.appUserID) \(failure.store) \(failure.originalTransactionID): \(failure.reason)")
        }
        if progress.failures.count > 20 { print("… and \(progress.failures.count - 20) more failures (see \(file).progress)") }
    }
}
