import Logging
import PerennialHTTP
import ServiceLifecycle
import UnixSignals

/// Reloads the configuration at each SIGHUP (`ConfigurationReloader`), until the server shuts down. A
/// refused file, or a database that refused the change, is logged by the reloader, and the server runs on
/// with what it had.
struct ReloadSignalService: Service {
    let reloader: any ConfigurationReloading
    let logger: Logger

    func run() async throws {
        let signals = await UnixSignalsSequence(trapping: .sighup)
        for await _ in signals.cancelOnGracefulShutdown() {
            logger.info("SIGHUP: reloading the configuration")
            _ = try? await reloader.reload()
        }
    }
}
