import AsyncHTTPClient
import Foundation
import Hummingbird
import Logging
import PerennialCore
import PerennialHTTP
import PerennialServices
import PerennialStorage
import PerennialStoreModule
import ServiceLifecycle

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
        let tracing: [any Service] = try TracingBootstrap.start(configuration.server.tracing, logger: logger).map { [$0] } ?? []
        let stack = try await openStack(configuration, reloadSource: { try Self.configuration(overrides) }, logger: logger)
        if configuration.apps.isEmpty {
            logger.warning("no apps configured: write perennial.yaml (see README) or pass --config")
        }
        let connectionGuard = ConnectionGuard(limits: configuration.server.connections, logger: logger)
        let reloads: [any Service] = stack.reloader.map { [ReloadSignalService(reloader: $0, logger: logger)] } ?? []
        let revenueCat: [any Service] = try configuration.server.revenueCat.map {
            [try revenueCatListener($0, configuration: configuration, stack: stack, connectionGuard: connectionGuard, logger: logger)]
        } ?? []
        let app = Application(
            router: stack.router(),
            server: .guarded(connectionGuard),
            configuration: .init(address: .hostname(configuration.server.host, port: configuration.server.port), serverName: "perennial"),
            services: [
                connectionGuard,
                BackgroundWorkService(
                    runner: stack.runner, webhookDispatcher: stack.webhookDispatcher,
                    scheduler: stack.scheduler, storeRuntimes: stack.storeRuntimes, doctor: stack.doctor,
                    replay: stack.replay, identity: stack.identity, apps: configuration.apps.compactMap { stack.apps.app(id: $0.id) }, health: stack.health,
                    logger: logger
                ),
            ] + reloads + tracing + revenueCat,
            onServerRunning: { channel in
                // Only once the socket is bound: a port already in use must never be reported as listening.
                let port = channel.localAddress?.port.map(String.init) ?? "\(configuration.server.port)"
                logger.info("perennial listening", metadata: [
                    "address": "\(configuration.server.host):\(port)", "database": "\(stack.database.kind.rawValue)",
                    "apps": "\(configuration.apps.count)",
                ])
            },
            logger: logger
        )
        do {
            try await app.runService()
        } catch {
            await stack.shutdown()
            throw error
        }
        await stack.shutdown()
    }

    /// The RevenueCat-compatible listener (`server.revenuecat`), on the main listener's host, run beside it.
    static func revenueCatListener(
        _ settings: RevenueCatSettings, configuration: PerennialConfiguration, stack: PerennialStack, connectionGuard: ConnectionGuard,
        logger: Logger
    ) throws -> some Service {
        guard settings.port != configuration.server.port else {
            throw ConfigurationError(
                file: "", key: "server.revenuecat.port", problem: "must differ from the port Perennial's own API listens on (\(settings.port))")
        }
        let appIDs = Set(settings.apps ?? configuration.apps.map(\.id))
        let host = configuration.server.host
        return Application(
            router: stack.revenueCatRouter(appIDs: appIDs),
            server: .guarded(connectionGuard),
            configuration: .init(address: .hostname(host, port: settings.port), serverName: "perennial"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port.map(String.init) ?? "\(settings.port)"
                logger.info("RevenueCat-compatible API listening", metadata: ["address": "\(host):\(port)", "apps": "\(appIDs.sorted())"])
            },
            logger: logger
        )
    }

    /// The stack of the configured database and stores, with the master key of the configuration.
    static func openStack(
        _ configuration: PerennialConfiguration, reloadSource: (@Sendable () throws -> PerennialConfiguration)? = nil, logger: Logger
    ) async throws -> PerennialStack {
        let keys = MasterKeyLoader()
        let masterKey = try keys.load(keyFile: configuration.server.masterKeyFile)
        let previous = try keys.loadPrevious(keyFile: configuration.server.previousMasterKeyFile)
        do {
            return try await PerennialStack.open(
                configuration: configuration, masterKey: masterKey, previousMasterKeys: previous,
                transport: AsyncHTTPClientTransport(client: .shared), reloadSource: reloadSource, logger: logger
            )
        } catch let error as PerennialError where error.errorCode == .masterKeyMismatch {
            let source = keys.source(keyFile: configuration.server.masterKeyFile)
            throw ConfigurationError(
                file: source.file, key: source.key,
                problem: "\(error.message) (\(configuration.server.databaseURL)); start with that key, or with a new database; while rotating keys, give the old key as server.previous_master_key_file")
        }
    }

    /// Creates or upgrades the database schema, then exits.
    public static func migrate(_ overrides: Overrides, logger: Logger = Logger(label: "perennial")) async throws -> [Int64] {
        let configuration = try configuration(overrides)
        let database = try await PerennialDatabase.open(url: configuration.server.databaseURL, logger: logger)
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
