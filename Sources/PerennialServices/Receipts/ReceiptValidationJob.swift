/// Validates a receipt queued while the App Store could not answer, the same way as when it was posted.
public struct ReceiptValidationJob: JobHandler {
    public let kind = PendingReceipt.jobKind
    let apps: AppDirectory
    let service: ReceiptService

    public init(apps: AppDirectory, service: ReceiptService) {
        self.apps = apps
        self.service = service
    }

    public func run(_ job: Job) async throws {
        let pending = try service.jobs.openSealed(PendingReceipt.self, from: job, secrets: service.secrets)
        let app = try apps.configuredApp(id: pending.appID)
        try await service.validateAndIngest(receiptData: pending.receiptData, app: app, appUserID: pending.appUserID)
    }
}
