import Logging
import PerennialCore

/// Processes a purchase posted by an app now, or — when the store cannot answer (`unavailable`), or has not
/// answered within `patience` — queues it sealed and answers pending with the customer as known; the queued
/// job (`PendingPurchaseJob`) processes it the same way later. The one place both receipts and signed
/// transactions go through.
public struct PurchaseSubmitter: Sendable {
    /// How long an app waits for the store before it is answered pending: apps give up long before a store's
    /// own timeouts and retries run out.
    public static let defaultPatience: Duration = .seconds(5)

    let jobs: any JobQueue
    let secrets: SecretBox
    let customers: CustomerService
    let clock: any Clock
    let logger: Logger
    let patience: Duration

    /// Queues on `jobs` (sealed with `secrets`) and answers pending purchases from `customers`; a purchase
    /// still being processed after `patience` (wall-clock time) is queued and answered pending too.
    public init(
        jobs: any JobQueue, secrets: SecretBox, customers: CustomerService, clock: any Clock, logger: Logger,
        patience: Duration = defaultPatience
    ) {
        self.jobs = jobs
        self.secrets = secrets
        self.customers = customers
        self.clock = clock
        self.logger = logger
        self.patience = patience
    }

    /// Runs `process`, which answers the customer as its write left them; when it fails with `unavailable`
    /// or is still running after `patience` (it is then cancelled), queues `pending` sealed instead and
    /// answers pending with the customer as known. A write the cancelled attempt made stands: processing
    /// the same purchase again changes nothing more.
    public func submit(
        _ pending: some PendingPurchase, app: AppSettings, process: @escaping @Sendable () async throws -> CustomerView
    ) async throws -> PurchaseSubmission {
        let reason: String
        switch await attempt(process) {
        case .finished(.success(let customer)):
            return .validated(customer)
        case .finished(.failure(let error as PerennialError)) where error.kind == .unavailable:
            reason = error.code
        case .finished(.failure(let error)):
            throw error
        case .tooSlow:
            reason = "store_too_slow"
        }
        logger.warning("store unavailable, \(type(of: pending).noun) queued", metadata: ["app": "\(app.id)", "code": "\(reason)"])
        try await jobs.enqueueSealed(
            pending, kind: type(of: pending).jobKind, appID: app.id, deduplicationKey: pending.deduplicationKey,
            secrets: secrets, runAt: clock.now())
        return .pending(try await customers.customer(app: app, appUserID: pending.appUserID))
    }

    /// How an attempt at processing a purchase ended.
    private enum Attempt: Sendable {
        case finished(Result<CustomerView, any Error>)
        case tooSlow
    }

    /// Runs `process` for at most `patience`.
    private func attempt(_ process: @escaping @Sendable () async throws -> CustomerView) async -> Attempt {
        await withTaskGroup(of: Attempt.self) { group in
            group.addTask {
                do { return .finished(.success(try await process())) } catch { return .finished(.failure(error)) }
            }
            group.addTask { [patience] in
                try? await Task.sleep(for: patience)
                return .tooSlow
            }
            let first = await group.next() ?? .tooSlow
            group.cancelAll()
            return first
        }
    }
}
