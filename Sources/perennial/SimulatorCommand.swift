import ArgumentParser
import Logging
import PerennialServer
import PerennialSimulator
import PerennialStoreModule

/// `perennial simulator`: a local App Store for development, demos and tests.
struct SimulatorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulator",
        abstract: "Run the App Store and Google Play simulator: verifyReceipt, the Server API, the Play Developer API, and a control API."
    )

    @Option(help: "The port to listen on.")
    var port: Int = 8090

    @Option(help: "The address to listen on.")
    var host: String = "127.0.0.1"

    @Option(help: "A simulator configuration file (YAML); default: the example app com.example.perennial.")
    var config: String?

    @Option(help: "How simulated time runs: apple_sandbox (default; a month renews every 5 minutes), manual, or '{factor: N}'.")
    var timeScale: String?

    @Option(help: "The simulated instant a new App Store starts at (ISO 8601, e.g. 2026-05-01T12:00:00Z; default: now): with the control API's clock advance, months of history in minutes.")
    var start: String?

    @Option(help: "Send App Store Server Notifications version 2 for every app to this URL (e.g. http://127.0.0.1:8080/v1/apple/notifications/example).")
    var notificationURL: String?

    @Option(help: "Send version 1 notifications for every app to this URL.")
    var notificationURLV1: String?

    @Option(help: "Push Google Play RTDN, as an authenticated Pub/Sub push, to this URL (e.g. http://127.0.0.1:8080/v1/google/notifications/example).")
    var googlePushURL: String?

    @Option(help: "The push token's audience (default: the push URL).")
    var googlePushAudience: String?

    @Option(help: "The push token's service account email.")
    var googlePushServiceAccount: String = "rtdn-push@perennial-simulator.iam.gserviceaccount.com"

    @Option(help: "The folder the simulator keeps its App Store in (signing authority, accounts, subscriptions, ids), so a restart continues; created on first run.")
    var stateDir: String = "perennial-simulator"

    @Flag(help: "Keep nothing: start an empty App Store (with ids no earlier run used) and forget it on exit.")
    var ephemeral = false

    func run() async throws {
        do {
            let configuration = try SimulatorRunner.configuration(
                path: config, timeScale: timeScale, notificationURL: notificationURL, notificationURLV1: notificationURLV1,
                start: start
            )
            try await SimulatorRunner.run(
                configuration: configuration, host: host, port: port, stateFolder: ephemeral ? nil : stateDir,
                googlePush: googlePushURL.map {
                    PlayPushTarget(endpoint: $0, audience: googlePushAudience ?? $0, serviceAccountEmail: googlePushServiceAccount)
                },
                logger: Logger(label: "perennial.simulator"))
        } catch let error as ConfigurationError {
            throw ValidationError("configuration: \(error)")
        } catch let error as SimulatorStateError {
            throw ValidationError("simulator state: \(error)")
        }
    }
}
