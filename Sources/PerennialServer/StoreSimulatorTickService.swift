import PerennialStoreModule
import ServiceLifecycle

/// Brings each store module's simulator up to the simulator clock every second (renewals, trial ends,
/// retries, cancellations at period end, webhook deliveries due and their retries), as the stores do.
struct StoreSimulatorTickService: Service {
    let simulators: [any StoreSimulator]

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                for simulator in simulators { await simulator.tick() }
                do { try await Task.sleep(for: .seconds(1)) } catch { return }
            }
        }
    }
}
