import PerennialServices
import ServiceLifecycle

/// Runs the job runner and the maintenance scheduler alongside the HTTP server, stopping on graceful
/// shutdown (a job cut short is leased, and runs again once its lease ends).
struct BackgroundWorkService: Service {
    let runner: JobRunner
    let scheduler: MaintenanceScheduler

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                group.addTask { await runner.run() }
                group.addTask { await scheduler.run() }
            }
        }
    }
}
