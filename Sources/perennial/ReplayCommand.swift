import ArgumentParser
import Foundation
import Logging
import PerennialServer

/// `perennial replay`: rebuilds every subscription's state and events from the stored facts.
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Rebuild every subscription's state and events from its stored facts (after an upgrade, or to check them).",
        discussion: """
            Folds each subscription's stored facts with this version's engine, as an ingestion would now, and writes \
            the state, events and effects it gives, a page of 500 subscriptions per database transaction. A server \
            may keep running meanwhile: each subscription is locked while it is folded. With --dry-run nothing is \
            written, and the exit status is 1 when any stored state differs from what its facts give.
            """
    )

    @OptionGroup var options: ServerOptions
    @Option(help: "Only this app's subscriptions.") var app: String?
    @Flag(help: "Count what would change; write nothing.") var dryRun = false

    func run() async throws {
        var logger = Logger(label: "perennial")
        logger.logLevel = .error
        let started = ContinuousClock.now
        let summaries = try await PerennialServer.replay(options.overrides, appID: app, dryRun: dryRun, logger: logger)
        let seconds = (ContinuousClock.now - started) / .seconds(1)
        if summaries.isEmpty { print("no apps configured: write perennial.yaml (see README) or pass --config") }
        for (app, summary) in summaries {
            let verb = dryRun ? "would change" : "changed"
            print("\(app): \(summary.subscriptions) subscription(s), \(summary.changed) \(verb), \(summary.unowned) not owned by any customer")
        }
        print(String(format: "%.2f s", seconds))
        if dryRun, summaries.contains(where: { $0.summary.changed > 0 }) { throw ExitCode.failure }
    }
}
