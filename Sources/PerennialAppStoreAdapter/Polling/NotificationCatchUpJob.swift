import Foundation
import PerennialAppStore
import PerennialCore
import PerennialServices

/// Reads an app's App Store notification history since the last read (less an overlap) and passes every
/// notification through the same path as a delivered one: stored, verified, ingested; those already
/// received are repeats and change nothing. Then the app's cursor moves to the end of what was read.
public struct NotificationCatchUpJob: JobHandler {
    /// The job kind.
    public static let jobKind = NotificationCatchUp.jobKind
    /// The cursor holding the end of the last read.
    static let cursorName = NotificationCatchUp.cursorName
    public let kind = Self.jobKind

    let apps: AppDirectory
    let schedule: any PollSchedule
    let serverAPI: ServerAPIClients
    let notifications: StoreNotificationService
    let clock: any Clock

    public init(
        apps: AppDirectory, schedule: any PollSchedule, serverAPI: ServerAPIClients, notifications: StoreNotificationService,
        clock: any Clock
    ) {
        self.apps = apps
        self.schedule = schedule
        self.serverAPI = serverAPI
        self.notifications = notifications
        self.clock = clock
    }

    public func run(_ job: Job) async throws {
        guard let appID = job.appID, let app = apps.app(id: appID), let settings = app.apple?.notificationCatchUp,
              let client = serverAPI.client(for: app) else { return }
        let end = clock.now()
        let start = try await startOfRead(app: app, settings: settings, end: end)
        do {
            for try await page in client.notificationHistoryPages(NotificationHistoryRequest(startDate: start, endDate: end)) {
                for payload in (page.notificationHistory ?? []).compactMap(\.signedPayload) {
                    try await deliver(payload, app: app)
                }
            }
        } catch let error as AppStoreServerAPIError {
            throw error.perennialError
        }
        try await schedule.setCursor(appID: app.id, name: Self.cursorName, position: end, updatedAt: clock.now())
    }

    /// The cursor less the overlap, or the initial window; never further back than Apple keeps history
    /// (180 days in production, 30 in the sandbox).
    private func startOfRead(app: AppSettings, settings: NotificationCatchUpSettings, end: Instant) async throws -> Instant {
        let keptDays: Int64 = app.apple?.environments == ["Production"] ? 179 : 29
        let oldest = end.adding(milliseconds: -keptDays * 86_400_000)
        let start = try await schedule.cursor(appID: app.id, name: Self.cursorName)?.adding(milliseconds: -settings.overlap.milliseconds)
            ?? end.adding(milliseconds: -settings.initialWindow.milliseconds)
        return max(start, oldest)
    }

    /// Delivers one notification as the App Store would have: the same body bytes, so a notification
    /// already received is recognised by its body as well as by its `notificationUUID`.
    private func deliver(_ signedPayload: String, app: AppSettings) async throws {
        let body = Data(#"{"signedPayload":"\#(signedPayload)"}"#.utf8)
        do {
            _ = try await notifications.receive(app: app, store: .appStore, body: body)
        } catch let error as PerennialError where !error.isTransient {
            // A notification the history holds but that fails verification is kept as rejected; the rest
            // of the history is still read.
        }
    }
}
