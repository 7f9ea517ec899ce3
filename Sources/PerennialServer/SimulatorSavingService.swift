import Logging
import PerennialSimulator
import ServiceLifecycle

/// Saves the simulator's state every few seconds (renewals and notification deliveries happen as time
/// runs, without a request) and once more at shutdown.
struct SimulatorSavingService: Service {
    let folder: SimulatorStateFolder
    let simulator: AppStoreSimulator
    let logger: Logger
    var interval: Duration = .seconds(2)

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                await folder.saveOrLog(simulator, logger: logger)
            }
        }
        await folder.saveOrLog(simulator, logger: logger)
    }
}
