import ArgumentParser
import PerennialServer

/// `perennial restore --from FILE`: a checked backup becomes the configured SQLite database, or an archive
/// of `pg_dump -Fc` the configured PostgreSQL database.
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Make a backup the database (which must not exist yet, or be empty), once checked.",
        discussion: "SQLite: FILE is a backup of perennial backup; refused when the database file exists, when the backup fails SQLite's integrity check or is newer than this build. PostgreSQL: FILE is an archive of pg_dump -Fc, restored by pg_restore in one transaction; refused when the configured schema holds tables. Both: refused when the configured master key does not open the backup's secrets.")

    @OptionGroup var options: ServerOptions

    @Option(help: "The backup file made by perennial backup (SQLite) or pg_dump -Fc (PostgreSQL).")
    var from: String

    func run() async throws {
        let summary = try await PerennialServer.restore(options.overrides, from: from)
        print("restored from \(from): \(summary.report)")
    }
}
