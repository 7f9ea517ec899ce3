/// Processes a purchase queued while its store could not answer (`PurchaseSubmitter`), the same way as
/// when it was posted: opens the sealed input, finds its app, and hands both to `process`.
struct PendingPurchaseJob<Pending: PendingPurchase>: JobHandler {
    let kind = Pending.jobKind
    let apps: AppDirectory
    let jobs: any JobQueue
    let secrets: SecretBox
    let process: @Sendable (Pending, AppSettings) async throws -> Void

    func run(_ job: Job) async throws {
        let pending = try jobs.openSealed(Pending.self, from: job, secrets: secrets)
        try await process(pending, try apps.configuredApp(id: pending.appID))
    }
}
