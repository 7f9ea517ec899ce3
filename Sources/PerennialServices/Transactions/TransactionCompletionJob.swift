/// Completes a signed transaction queued while Apple could not answer, the same way as when it was posted.
public struct TransactionCompletionJob: JobHandler {
    public let kind = SignedTransactionService.jobKind
    let apps: AppDirectory
    let service: SignedTransactionService

    public init(apps: AppDirectory, service: SignedTransactionService) {
        self.apps = apps
        self.service = service
    }

    public func run(_ job: Job) async throws {
        let pending = try service.jobs.openSealed(PendingTransaction.self, from: job, secrets: service.secrets)
        let app = try apps.configuredApp(id: pending.appID)
        try await service.complete(app: app, appUserID: pending.appUserID, signedTransaction: pending.signedTransaction)
    }
}
