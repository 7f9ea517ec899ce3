import Foundation
import Hummingbird
import Logging
import PerennialCore
import PerennialSimulator
import PerennialStoreModule
import ServiceLifecycle
import Yams

/// `perennial simulator`: the local App Store, Google Play, and every store module's simulator, on one port.
public enum SimulatorRunner {
    /// Reads a simulator configuration (YAML or JSON); with no file, the ready-made example app.
    public static func configuration(
        path: String?, timeScale: String?, notificationURL: String? = nil, notificationURLV1: String? = nil, start: String? = nil
    ) throws -> SimulatorConfiguration {
        var configuration = SimulatorConfiguration.example()
        if let path {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ConfigurationError(file: path, key: "", problem: "cannot read the file")
            }
            do {
                configuration = try YAMLDecoder().decode(SimulatorConfiguration.self, from: String(decoding: data, as: UTF8.self))
            } catch {
                throw ConfigurationError(file: path, key: "", problem: "not a simulator configuration (\(error))")
            }
        }
        if let timeScale {
            do {
                configuration.timeScale = try YAMLDecoder().decode(SimulatorTimeScale.self, from: timeScale)
            } catch {
                throw ConfigurationError(file: "--time-scale", key: "", problem: "expected apple_sandbox, manual or {factor: N}")
            }
        }
        if let start {
            guard let date = ISO8601DateFormatter().date(from: start) else {
                throw ConfigurationError(file: "--start", key: "", problem: "expected an ISO 8601 instant such as 2026-05-01T12:00:00Z")
            }
            configuration.start = Instant(date)
        }
        for index in configuration.apps.indices {
            if let notificationURL { configuration.apps[index].notificationURL = notificationURL }
            if let notificationURLV1 { configuration.apps[index].notificationURLV1 = notificationURLV1 }
        }
        return configuration
    }

    /// Serves the simulator until SIGTERM or SIGINT. With `stateFolder`, the App Store continues from the
    /// state saved there (created on first run) and is saved after each change, every few seconds while
    /// time runs, and at shutdown; without it (`--ephemeral`) it starts empty, with ids no earlier run used.
    /// With `googlePush`, the Play simulator pushes RTDN there, signed for its audience and service account.
    /// Every store module's simulator (`StoreModule.makeSimulator`) is served beside them. `onListening`
    /// receives the bound port (port 0: any free one).
    public static func run(
        configuration: SimulatorConfiguration, host: String, port: Int, stateFolder path: String?,
        googlePush: PlayPushTarget? = nil, modules: [any StoreModule] = StoreModules.all, logger: Logger,
        onListening: @escaping @Sendable (Int?) async -> Void = { _ in }
    ) async throws {
        let sender = HTTPNotificationSender(transport: AsyncHTTPClientTransport(client: .shared))
        let simulator: AppStoreSimulator
        var services: [any Service] = []
        let folder = path.map(SimulatorStateFolder.init(path:))
        if let folder {
            let opened = try await folder.open(configuration: configuration, notificationSender: sender)
            simulator = opened.simulator
            services.append(SimulatorSavingService(folder: folder, simulator: simulator, logger: logger))
            logger.info(opened.continued ? "App Store simulator continues its saved state" : "App Store simulator starts a new state",
                        metadata: ["state_dir": "\(folder.path)"])
        } else {
            simulator = try AppStoreSimulator(
                configuration: configuration, notificationSender: sender,
                idBlock: Int.random(in: 0...AppStoreSimulator.maximumIDBlock))
        }
        // Google Play beside the App Store, for the first app, kept in the same folder.
        let play = try configuration.apps.first.map { try PlaySimulator(app: $0, clock: simulator.clock) }
        if let play, let folder {
            let continued = try await folder.attach(play)
            logger.info(continued ? "Google Play simulator continues its saved state" : "Google Play simulator starts a new state")
        }
        if let play {
            await play.setPush(googlePush, sender: HTTPPlayPushSender(transport: AsyncHTTPClientTransport(client: .shared)))
            services.append(PlayTickService(play: play))
        }
        // Each store module's simulator beside them, on the same clock (Stripe's: its webhook endpoint is set
        // through its control API, `POST /simulator/stripe/webhook-endpoint`).
        let context = SimulatorContext(clock: simulator.clock, transport: AsyncHTTPClientTransport(client: .shared), logger: logger)
        var others: [any StoreSimulator] = []
        for module in modules {
            if let other = await module.makeSimulator(context) { others.append(other) }
        }
        services.append(StoreSimulatorTickService(simulators: others))
        var app = SimulatorServer.makeApplication(
            simulator: simulator, play: play, host: host, port: port, stateFolder: folder,
            onServerRunning: { bound in
                logger.info("Store simulators listening", metadata: [
                    "address": "\(host):\(bound.map(String.init) ?? String(port))",
                    "apps": "\(configuration.apps.map(\.bundleID).joined(separator: ","))",
                ])
                await onListening(bound)
            },
            addingRoutes: { router in for other in others { other.addRoutes(to: router) } })
        app.logger = logger
        app.addServices(services)
        try await app.runService()
    }
}
