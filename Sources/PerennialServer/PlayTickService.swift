import PerennialSimulator
import ServiceLifecycle

/// Brings the Play simulator's purchases up to the simulated clock every second (renewals, grace, hold,
/// pauses, refunds of purchases nobody acknowledged) and pushes the RTDN that time brought, retrying those
/// not delivered, as Pub/Sub does.
struct PlayTickService: Service {
    let play: PlaySimulator

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await play.tick()
                do { try await Task.sleep(for: .seconds(1)) } catch { return }
            }
        }
    }
}
