import Foundation

/// Processes a stored notification whose processing was interrupted or failed for a passing reason.
public struct NotificationProcessingJob: JobHandler {
    public let kind = AppStoreNotificationService.jobKind
    let apps: AppDirectory
    let service: AppStoreNotificationService

    public init(apps: AppDirectory, service: AppStoreNotificationService) {
        self.apps = apps
        self.service = service
    }

    public func run(_ job: Job) async throws {
        let payload = try JSONDecoder().decode(NotificationJobPayload.self, from: job.payload)
        try await service.reprocess(app: try apps.configuredApp(id: payload.appID), notificationID: payload.notificationID)
    }
}
