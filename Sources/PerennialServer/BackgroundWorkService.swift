import PerennialAppStoreAdapter
import PerennialServices
import ServiceLifecycle

/// Runs the job runner, the maintenance scheduler, the verifyReceipt endpoint check and the doctor (hourly,
/// for /health) alongside the HTTP server, stopping on graceful shutdown (a job cut short is leased, and runs again once its lease ends).
struct BackgroundWorkService: Service {
    let runner: JobRunner
    let scheduler: MaintenanceScheduler
    let endpointCheck: VerifyReceiptEndpointCheck
    let doctor: AppDoctor

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                group.addTask { await runner.run() }
                group.addTask { await scheduler.run() }
                group.addTask { await endpointCheck.run() }
                group.addTask { await doctor.run() }
            }
        }
    }
}
