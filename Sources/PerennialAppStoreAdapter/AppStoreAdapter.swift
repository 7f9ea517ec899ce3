import Foundation
import PerennialAppStore
import PerennialCore
import PerennialServices

/// The App Store as a `StoreAdapter`: notifications of version 2 (a signed payload, verified by
/// `SignedNotificationVerifier`) and version 1 (the shared secret, compared in constant time), posted to
/// `/v1/apple/notifications/{app_id}`. A subscription's truth comes from the Server API's statuses
/// (`AppStoreStatuses`). The App Store asks for no acknowledgement, so it performs no effect.
public struct AppStoreAdapter: StoreAdapter {
    public let store = Store.appStore
    public let errorCodes = ErrorCode.appStore
    public let notificationPathSegment = "apple"

    /// Where a customer manages their App Store subscriptions (the App Store opens its Subscriptions page).
    public static let managementURL = "https://apps.apple.com/account/subscriptions"

    let signedNotifications: (any SignedNotificationVerifier)?
    let statuses: AppStoreStatuses?
    /// Where each app's notification-history catch-up records how far it read; nil: no catch-ups.
    let catchUpCursors: (any PollSchedule)?
    let clock: any Clock

    /// - Parameters:
    ///   - signedNotifications: verifies version 2 notifications; nil on a server that cannot (they are
    ///     refused with `signed_notifications_unsupported`).
    ///   - statuses: asks the Server API for a subscription's statuses; nil: the store is never asked.
    ///   - catchUpCursors: where the notification-history catch-ups record how far they read; nil: none are
    ///     scheduled.
    public init(
        signedNotifications: (any SignedNotificationVerifier)?, statuses: AppStoreStatuses? = nil,
        catchUpCursors: (any PollSchedule)? = nil, clock: any Clock
    ) {
        self.signedNotifications = signedNotifications
        self.statuses = statuses
        self.catchUpCursors = catchUpCursors
        self.clock = clock
    }

    /// The app's notification-history catch-up (`apple.notification_catch_up`), once its interval has passed
    /// since the last read ended; one waits at a time.
    public func periodicJobs(app: AppSettings, at now: Instant) async throws -> [NewJob] {
        guard let settings = app.apple?.notificationCatchUp, let catchUpCursors else { return [] }
        if let last = try await catchUpCursors.cursor(appID: app.id, name: NotificationCatchUp.cursorName),
           now.milliseconds - last.milliseconds < settings.interval.milliseconds {
            return []
        }
        return [NewJob(
            kind: NotificationCatchUp.jobKind, appID: app.id, payload: Data(), runAt: now,
            deduplicationKey: "catch_up:\(app.id)", onDuplicate: .keep
        )]
    }

    public func statusPolling(app: AppSettings) -> StatusPollingSettings? {
        app.apple?.statusPolling
    }

    /// `StatusPoll`: the Server API's statuses, or the owner's stored receipt when the app has no API key.
    public func statusPollJob(app: AppSettings, candidate: PollCandidate, runAt: Instant) throws -> NewJob {
        try StatusPoll.job(appID: app.id, subscriptionID: candidate.subscriptionID, ownerAppUserID: candidate.ownerAppUserID, runAt: runAt)
    }

    public func diagnose(app: AppSettings, activity: StoreActivity) async -> [StoreDiagnosis] {
        await AppStoreSetupCheck(app: app, client: statuses?.serverAPI.client(for: app), activity: activity, now: clock.now()).run()
    }

    public func notificationFormatVersion(of body: Data) throws -> Int {
        try NotificationFormat(body: body).version
    }

    public func verifyNotification(_ body: Data, app: AppSettings) async throws -> VerifiedStoreNotification {
        switch try NotificationFormat(body: body) {
        case .version2(let signedPayload):
            guard let signedNotifications else {
                throw PerennialError(.signedNotificationsUnsupported, "this server cannot verify signed notifications")
            }
            return try await signedNotifications.verify(signedPayload: signedPayload, app: app)
        case .version1(let notification):
            return try AppStoreNotificationV1Verifier(clock: clock).verify(notification, app: app)
        }
    }

    public func currentFacts(of subscription: SubscriptionKey, app: AppSettings) async throws -> FactBatch? {
        try await statuses?.facts(of: subscription, app: app)
    }

    public func perform(_ effect: SubscriptionEffect, app: AppSettings) async throws -> FactBatch {
        throw PerennialError(.storeNotSupported, "the App Store takes no effects: it asks for no acknowledgement")
    }
}
