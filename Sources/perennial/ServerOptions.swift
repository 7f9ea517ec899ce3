import ArgumentParser
import PerennialServer

/// Flags shared by `serve` and `migrate`; each overrides the configuration file and the environment.
struct ServerOptions: ParsableArguments {
    @Option(help: "The YAML configuration file (default: perennial.yaml in the working directory, if present).")
    var config: String?

    @Option(help: "The database: sqlite://FILE (default sqlite://perennial.sqlite) or postgres://USER:PASSWORD@HOST:PORT/DB.")
    var database: String?

    var overrides: PerennialServer.Overrides {
        PerennialServer.Overrides(configPath: config, databaseURL: database)
    }
}
