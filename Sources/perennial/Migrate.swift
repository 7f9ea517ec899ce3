import ArgumentParser
import PerennialServer

/// `perennial migrate`: create or upgrade the database schema, then exit.
struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Create or upgrade the database schema and exit.")

    @OptionGroup var options: ServerOptions

    func run() async throws {
        let applied = try await PerennialServer.migrate(options.overrides)
        print(applied.isEmpty ? "database is up to date" : "applied migrations: \(applied.map(String.init).joined(separator: ", "))")
    }
}
