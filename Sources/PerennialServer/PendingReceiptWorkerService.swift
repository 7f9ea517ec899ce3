import PerennialServices
import ServiceLifecycle

/// Runs the pending-receipt worker alongside the HTTP server, stopping on graceful shutdown.
struct PendingReceiptWorkerService: Service {
    let worker: PendingReceiptWorker

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await worker.run()
        }
    }
}
