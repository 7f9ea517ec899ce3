import ArgumentParser
import Foundation
import Logging
import PerennialServer
import Synchronization

/// `perennial import FILE`: moves existing subscribers into Perennial, each purchase re-read from its store.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import customers and their subscriptions, re-reading each purchase from its store.",
        discussion: """
            FILE is CSV (`,` or `;` delimited, gzip-compressed or not). With --from perennial (the default) its \
            columns are app_user_id, store (app_store, play_store or stripe) and the store's id of the subscription \
            (original_transaction_id, purchase_token or subscription_id, or one column named id); rows missing one \
            are refused and listed with the reason. With --from revenuecat it is RevenueCat's scheduled data export: \
            an anonymous first id becomes an alias of the id RevenueCat last saw. Each purchase is read again from its \
            store (the App Store needs the app's Server API key; Google Play's Developer API, with the Orders \
            permission for RevenueCat's order ids; Stripe's API) and recorded; the export's own account of it is \
            never used. Calls to each store are paced. Progress is saved after each customer in FILE.progress: run \
            the same command again after an interruption, even a kill, and it resumes; nothing is recorded twice.
            """
    )

    @OptionGroup var options: ServerOptions
    @Option(help: "The export's format: perennial or revenuecat.") var from: PerennialServer.ImportSource = .perennial
    @Option(help: "The app to import into (needed when several are configured).") var app: String?
    @Option(help: "The most calls a second to each store.") var requestsPerSecond: Double = 10
    @Flag(help: "Progress as one JSON object per line (at most one a second, and the last).") var json = false
    @Argument(help: "The export file.") var file: String

    func run() async throws {
        var logger = Logger(label: "perennial")
        logger.logLevel = .error
        let started = ContinuousClock.now
        let lastReport = Mutex(ContinuousClock.now - .seconds(10))
        let json = json
        let (progress, refused) = try await PerennialServer.importCustomers(
            options.overrides, from: from, appID: app, path: file, requestsPerSecond: requestsPerSecond, logger: logger
        ) { progress in
            let now = ContinuousClock.now
            let due = lastReport.withLock { last in
                guard now - last >= .seconds(1) || progress.customersDone == progress.customersTotal else { return false }
                last = now
                return true
            }
            guard due else { return }
            if json { Self.printJSON(progress) } else { print("imported \(progress.summary)") }
        }
        if json {
            Self.printJSON(progress)
            for row in refused { Self.printJSON(row) }
            return
        }
        print("done: \(progress.summary) in \(String(format: "%.1f", (ContinuousClock.now - started) / .seconds(1))) s")
        for row in refused.prefix(20) { print("refused row \(row.row): \(row.reason)") }
        if refused.count > 20 { print("… and \(refused.count - 20) more refused rows") }
        for (store, count) in progress.skipped.sorted(by: { $0.key < $1.key }) {
            print("skipped \(count) purchase(s) of \(store): not a store Perennial reads here")
        }
        for failure in progress.failures.prefix(20) {
            print("failed: \(failure.appUserID) \(failure.store) \(failure.id): \(failure.reason)")
        }
        if progress.failures.count > 20 { print("… and \(progress.failures.count - 20) more failures (see \(file).progress)") }
    }

    /// One line of JSON, keys sorted.
    static func printJSON(_ value: some Encodable) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if let data = try? encoder.encode(value), let line = String(data: data, encoding: .utf8) { print(line) }
    }
}

extension PerennialServer.ImportSource: ExpressibleByArgument {}
