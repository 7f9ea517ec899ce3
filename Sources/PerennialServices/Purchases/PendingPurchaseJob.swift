/// Processes a purchase queued while its store could not answer (`PurchaseSubmitter`), the same way as
/// when it was posted: opens the sealed input, finds its app, and hands both to `process`.
public struct PendingPurchaseJob<Pending: PendingPurchase>: JobHandler {
    public let kind = Pending.jobKind
    let apps: AppDirectory
    let jobs: any JobQueue
    let secrets: SecretBox
    let process: @Sendable (Pending, AppSettings) async throws -> Void

    /// Opens each queued `Pending` with `secrets` and hands it, with its app, to `process`.
    public init(
        apps: AppDirectory, jobs: any JobQueue, secrets: SecretBox, process: @escaping @Sendable (Pending, AppSettings) async throws -> Void
    ) {
        self.apps = apps
        self.jobs = jobs
        self.secrets = secrets
        self.process = process
    }

    public func run(_ job: Job) async throws {
        let pending = try jobs.openSealed(Pending.self, from: job, secrets: secrets)
        try await process(pending, try apps.configuredApp(id: pending.appID))
    }
}
