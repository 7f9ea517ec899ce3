import AsyncHTTPClient
import Foundation
import Hummingbird
import Logging
import PerennialCore
import PerennialStorage

/// `perennial serve` and `perennial migrate`.
public enum PerennialServer {
    /// Flags that override the configuration file and the environment.
    public struct Overrides: Sendable {
        public var configPath: String?
        public var host: String?
        public var port: Int?
        public var databaseURL: String?

        public init(configPath: String? = nil, host: String? = nil, port: Int? = nil, databaseURL: String? = nil) {
            self.configPath = configPath
            self.host = host
            self.port = port
            self.databaseURL = databaseURL
        }
    }

    /// Loads the configuration: file, then environment, then flags.
    public static func configuration(_ overrides: Overrides) throws -> PerennialConfiguration {
        var configuration = try ConfigurationLoader().load(path: overrides.configPath)
        if let host = overrides.host { configuration.server.host = host }
        if let port = overrides.port { configuration.server.port = port }
        if let databaseURL = overrides.databaseURL { configuration.server.databaseURL = databaseURL }
        return configuration
    }

    /// Serves until SIGTERM or SIGINT, then drains requests and closes the database.
    public static func serve(_ overrides: Overrides, logger: Logger = Logger(label: "perennial")) async throws {
        let configuration = try configuration(overrides)
        let masterKey = try MasterKeyLoader().load(keyFile: configuration.server.masterKeyFile)
        let stack = try await PerennialStack.open(
            configuration: configuration, masterKey: masterKey,
            transport: AsyncHTTPClientTransport(client: .shared), logger: logger
        )
        if configuration.apps.isEmpty {
            logger.warning("no apps configured: write perennial.yaml (see README) or pass --config")
        }
        let app = Application(
            router: stack.router(),
            configuration: .init(address: .hostname(configuration.server.host, port: configuration.server.port), serverName: "perennial"),
            services: [BackgroundWorkService(runner: stack.runner, scheduler: stack.scheduler, endpointCheck: stack.endpointCheck)],
            logger: logger
        )
        logger.info("perennial listening", metadata: [
            "address": "\(configuration.server.host):\(configuration.server.port)", "database": "\(stack.database.kind.rawValue)",
            "apps": "\(configuration.apps.count)",
        ])
        do {
            try await app.runService()
        } catch {
            await stack.shutdown()
            throw error
        }
        await stack.shutdown()
    }

    /// Creates or upgrades the database schema, then exits.
    public static func migrate(_ overrides: Overrides, logger: Logger = Logger(label: "perennial")) async throws -> [Int64] {
        let configuration = try configuration(overrides)
        let database = try await SQLDatabaseConnection.open(url: configuration.server.databaseURL, logger: logger)
        do {
            let applied = try await Migrations.migrate(database)
            await database.shutdown()
            return applied
        } catch {
            await database.shutdown()
            throw error
        }
    }
}
