import ArgumentParser
import PerennialServer

/// `perennial restore --from FILE`: a checked backup becomes the configured SQLite database.
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Make a backup the SQLite database (which must not exist yet), once checked.",
        discussion: "Refused when the database file exists, when the backup fails SQLite's integrity check or is newer than this build, and when the configured master key does not open the backup's secrets.")

    @OptionGroup var options: ServerOptions

    @Option(help: "The backup file made by perennial backup.")
    var from: String

    func run() async throws {
        let summary = try await PerennialServer.restore(options.overrides, from: from)
        print("restored from \(from): \(summary.report)")
    }
}
