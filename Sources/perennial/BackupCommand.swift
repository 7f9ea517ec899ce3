import ArgumentParser
import PerennialServer

/// `perennial backup --to FILE`: a consistent copy of the SQLite database while it serves.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the SQLite database to a new file while it serves (PostgreSQL: use pg_dump).",
        discussion: "The copy is one consistent moment of the database, checked with SQLite's integrity check. Its secrets open only with the master key: keep the key file too, apart from the backup.")

    @OptionGroup var options: ServerOptions

    @Option(help: "The backup file to create (it must not exist).")
    var to: String

    func run() async throws {
        let summary = try await PerennialServer.backUp(options.overrides, to: to)
        print("backed up to \(to): \(summary.report)")
    }
}
