import Logging
import PerennialCore

/// Processes a purchase posted by an app now, or — when the store cannot answer (`unavailable`) — queues
/// it sealed and answers pending with the customer as known; the queued job (`PendingPurchaseJob`) processes
/// it the same way later. The one place both receipts and signed transactions go through.
public struct PurchaseSubmitter: Sendable {
    let jobs: any JobQueue
    let secrets: SecretBox
    let customers: CustomerService
    let clock: any Clock
    let logger: Logger

    /// Queues on `jobs` (sealed with `secrets`) and answers pending purchases from `customers`.
    public init(jobs: any JobQueue, secrets: SecretBox, customers: CustomerService, clock: any Clock, logger: Logger) {
        self.jobs = jobs
        self.secrets = secrets
        self.customers = customers
        self.clock = clock
        self.logger = logger
    }

    /// Runs `process`, which answers the customer as its write left them; when it fails with `unavailable`,
    /// queues `pending` sealed instead and answers pending with the customer as known before.
    public func submit(
        _ pending: some PendingPurchase, app: AppSettings, process: () async throws -> CustomerView
    ) async throws -> PurchaseSubmission {
        do {
            return .validated(try await process())
        } catch let error as PerennialError where error.kind == .unavailable {
            logger.warning("store unavailable, \(type(of: pending).noun) queued", metadata: ["app": "\(app.id)", "code": "\(error.code)"])
            try await jobs.enqueueSealed(
                pending, kind: type(of: pending).jobKind, appID: app.id, deduplicationKey: pending.deduplicationKey,
                secrets: secrets, runAt: clock.now())
            return .pending(try await customers.customer(app: app, appUserID: pending.appUserID))
        }
    }
}
