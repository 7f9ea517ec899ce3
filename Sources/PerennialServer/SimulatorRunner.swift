import Foundation
import Hummingbird
import Logging
import PerennialSimulator
import Yams

/// `perennial simulator`: the local App Store, on its own port.
public enum SimulatorRunner {
    /// Reads a simulator configuration (YAML or JSON); with no file, the ready-made example app.
    public static func configuration(
        path: String?, timeScale: String?, notificationURL: String? = nil, notificationURLV1: String? = nil
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
        for index in configuration.apps.indices {
            if let notificationURL { configuration.apps[index].notificationURL = notificationURL }
            if let notificationURLV1 { configuration.apps[index].notificationURLV1 = notificationURLV1 }
        }
        return configuration
    }

    /// Serves the simulator until SIGTERM or SIGINT.
    public static func run(configuration: SimulatorConfiguration, host: String, port: Int, logger: Logger) async throws {
        let simulator = try AppStoreSimulator(
            configuration: configuration,
            notificationSender: HTTPNotificationSender(transport: AsyncHTTPClientTransport(client: .shared))
        )
        var app = SimulatorServer.makeApplication(simulator: simulator, host: host, port: port)
        app.logger = logger
        logger.info("App Store simulator listening", metadata: [
            "address": "\(host):\(port)", "apps": "\(configuration.apps.map(\.bundleID).joined(separator: ","))",
        ])
        try await app.runService()
    }
}
