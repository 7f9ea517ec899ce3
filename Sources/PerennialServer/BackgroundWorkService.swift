import Logging
import PerennialServices
import PerennialStoreModule
import ServiceLifecycle

/// Runs the job runner, the webhook dispatcher, the maintenance scheduler, each store's background work and the doctor (hourly,
/// for /health) alongside the HTTP server, stopping on graceful shutdown (a job cut short is leased, and runs again once its lease ends).
struct BackgroundWorkService: Service {
    let runner: JobRunner
    /// Sends webhooks, `webhooks.workers` at once.
    let webhookDispatcher: WebhookDispatcher
    let scheduler: MaintenanceScheduler
    /// Each store's own background work (the App Store's verifyReceipt endpoint check).
    let storeRuntimes: [any StoreRuntime]
    let doctor: AppDoctor
    /// Rebuilds the metrics of apps that wait for it (the first start after the upgrade that added them).
    let replay: ReplayService
    /// Fills in the email digests customers lack (stored before they were kept, or reset by a key rotation).
    let identity: IdentityService
    let apps: [AppSettings]
    /// Where a rebuild's progress shows.
    let health: AppHealth
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                group.addTask { await runner.run() }
                group.addTask { await webhookDispatcher.run() }
                group.addTask { await scheduler.run() }
                for runtime in storeRuntimes { group.addTask { await runtime.run() } }
                group.addTask { await doctor.run() }
                group.addTask { await rebuildMetrics() }
                group.addTask { await fillEmailLookups() }
            }
        }
    }

    private func rebuildMetrics() async {
        for app in apps {
            do {
                if let summary = try await replay.rebuildMetricsIfNeeded(app: app, health: health, logger: logger) {
                    logger.info("metrics rebuilt from the facts", metadata: [
                        "app": "\(app.id)", "subscriptions": "\(summary.subscriptions)", "changed": "\(summary.changed)",
                    ])
                }
            } catch {
                logger.error("the metrics could not be rebuilt; run perennial replay", metadata: ["app": "\(app.id)", "error": "\(error)"])
            }
        }
    }

    private func fillEmailLookups() async {
        for app in apps {
            do {
                let filled = try await identity.fillEmailLookups(app: app)
                if filled > 0 { logger.info("customers' email digests filled in", metadata: ["app": "\(app.id)", "customers": "\(filled)"]) }
            } catch {
                logger.error("customers' email digests could not be filled in; search by email misses them", metadata: [
                    "app": "\(app.id)", "error": "\(error)",
                ])
            }
        }
    }
}
