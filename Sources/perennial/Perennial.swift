import ArgumentParser
import PerennialServer

/// The `perennial` command: the server, its database, the App Store simulator, and tools for people who
/// debug receipts.
@main
struct Perennial: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "perennial",
        abstract: "A self-hostable subscription backend for apps.",
        version: PerennialVersion.current,
        subcommands: [
            Serve.self, Migrate.self, SimulatorCommand.self, JobsCommand.self, DoctorCommand.self, ReplayCommand.self,
            ReconcileCommand.self, MetricsCommand.self, ErrorCodesCommand.self, CalendarCommand.self,
            WebhookReceiverCommand.self, BackupCommand.self, RestoreCommand.self, KeysCommand.self, ImportCommand.self, UsersCommand.self,
        ] + StoreModules.all.flatMap(\.commands),
        defaultSubcommand: Serve.self
    )
}
