import Foundation
import PerennialCore

/// Processes a stored notification whose processing was interrupted or failed for a passing reason.
public struct NotificationProcessingJob: JobHandler {
    public let kind = StoreNotificationService.jobKind
    let apps: AppDirectory
    let service: StoreNotificationService

    public init(apps: AppDirectory, service: StoreNotificationService) {
        self.apps = apps
        self.service = service
    }

    /// The job that processes the stored notification `notificationID` of `appID` again, due at `runAt`.
    static func job(
        appID: String, notificationID: String, runAt: Instant, onDuplicate: NewJob.DuplicatePolicy
    ) throws -> NewJob {
        NewJob(
            kind: StoreNotificationService.jobKind, appID: appID,
            payload: try JSONEncoder().encode(NotificationJobPayload(appID: appID, notificationID: notificationID)),
            runAt: runAt, deduplicationKey: "notification:\(appID):\(notificationID)", onDuplicate: onDuplicate
        )
    }

    public func run(_ job: Job) async throws {
        let payload = try JSONDecoder().decode(NotificationJobPayload.self, from: job.payload)
        try await service.reprocess(app: try apps.configuredApp(id: payload.appID), notificationID: payload.notificationID)
    }
}
