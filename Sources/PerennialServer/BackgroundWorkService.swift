import PerennialAppStoreAdapter
import PerennialServices
import ServiceLifecycle

/// Runs the job runner, the maintenance scheduler and the verifyReceipt endpoint check alongside the HTTP
/// server, stopping on graceful shutdown (a job cut short is leased, and runs again once its lease ends).
struct BackgroundWorkService: Service {
    let runner: JobRunner
    let scheduler: MaintenanceScheduler
    let endpointCheck: VerifyReceiptEndpointCheck

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                group.addTask { await runner.run() }
                group.addTask { await scheduler.run() }
                group.addTask { await endpointCheck.run() }
            }
        }
    }
}
