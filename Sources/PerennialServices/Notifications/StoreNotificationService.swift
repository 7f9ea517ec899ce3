import Foundation
import Logging
import PerennialCore

/// Receives every store's server notifications. Each body is stored (sealed) before anything else, so a
/// notification the store was told about is never lost; then the store's adapter verifies it (the App
/// Store: the signed payload and the JWS nested in it, or a version 1 notification's shared secret in
/// constant time) and translates it, and its facts are ingested for the customers who own the subscriptions.
/// A notification that fails verification is never ingested; of it only what an operator needs is kept (its size, reason, hash and first KiB, sealed), within the app's
/// `RejectedNotificationRetention`. Processing that fails for a passing reason (verification unavailable, the
/// database) leaves the notification `received` and queues a job that processes it again from the stored
/// body, so the store is answered 200 once the body is stored: the store's retry is no longer needed.
public struct StoreNotificationService: Sendable {
    /// The job kind that processes a stored notification again.
    public static let jobKind = "notification.process"

    let inbox: any NotificationInbox
    let jobs: any JobQueue
    let ingestor: FactIngestor
    /// The stores whose notifications it takes, each at its adapter's path.
    public let adapters: StoreAdapters
    let secrets: SecretBox
    let retention: RejectedNotificationRetention
    let clock: any Clock
    let logger: Logger

    public init(
        inbox: any NotificationInbox, jobs: any JobQueue, ledger: any Ledger, adapters: StoreAdapters, secrets: SecretBox,
        retention: RejectedNotificationRetention = RejectedNotificationRetention(), clock: any Clock, logger: Logger
    ) {
        self.retention = retention
        self.inbox = inbox
        self.jobs = jobs
        ingestor = FactIngestor(ledger: ledger, clock: clock)
        self.adapters = adapters
        self.secrets = secrets
        self.clock = clock
        self.logger = logger
    }

    /// Stores, verifies and ingests one notification body sent by `store`, after the store's adapter has
    /// checked the request's own credentials (`authorization`, the `Authorization` header), if it has any:
    /// a request that fails them stores nothing.
    public func receive(
        app: AppSettings, store: Store, body: Data, authorization: String? = nil
    ) async throws -> NotificationAcknowledgement {
        try await adapter(for: store).authenticateNotification(authorization: authorization, app: app)
        return try await accept(app: app, store: store, body: body)
    }

    /// Stores, verifies and ingests a notification body Perennial fetched itself, with its own credentials,
    /// from the store's queue (Google's Pub/Sub pull): nothing about the request to check, the body alone
    /// is verified. Returns once the body is stored durably (processed, or queued for processing).
    public func accept(app: AppSettings, store: Store, body: Data) async throws -> NotificationAcknowledgement {
        let adapter = try adapter(for: store)
        let version = try adapter.notificationFormatVersion(of: body)
        let notificationID = SHA256Hex.digest(body)
        let (record, isNew) = try await inbox.receive(InboundNotification(
            appID: app.id, notificationID: notificationID, store: store, version: version,
            receivedAt: clock.now(), sealedBody: try secrets.seal(body), bodyBytes: body.count
        ))
        if !isNew, let outcome = record.outcome {
            return try Self.answer(repeating: outcome)
        }
        do {
            // A body stored before but never settled (its processing was interrupted) is processed now for
            // the first time: not a repeat.
            return try await process(body, adapter: adapter, app: app, notificationID: notificationID)
        } catch let error as PerennialError where error.isTransient {
            try await queue(app: app, notificationID: notificationID, reason: error.code)
        } catch let error as PerennialError {
            throw error
        } catch {
            try await queue(app: app, notificationID: notificationID, reason: "internal")
        }
        return NotificationAcknowledgement(isRepeat: false, isQueued: true, notificationType: nil, subtype: nil)
    }

    /// Processes a stored notification again (the job `notification.process`): a notification settled
    /// meanwhile is left as it is; a verdict about it settles it as rejected; a passing failure throws, and
    /// the job is retried.
    public func reprocess(app: AppSettings, notificationID: String) async throws {
        guard let record = try await inbox.notification(appID: app.id, notificationID: notificationID), record.outcome == nil else {
            return
        }
        let body = try secrets.open(record.sealedBody)
        do {
            _ = try await process(body, adapter: try adapter(for: record.store), app: app, notificationID: notificationID)
        } catch let error as PerennialError where !error.isTransient {
            return
        }
    }

    /// Verifies and ingests a stored notification, then settles it. A verdict about the notification itself
    /// (forged, another app's) settles it as rejected and is thrown; other failures leave it `received`.
    private func process(
        _ body: Data, adapter: any StoreAdapter, app: AppSettings, notificationID: String
    ) async throws -> NotificationAcknowledgement {
        let verified: VerifiedStoreNotification
        do {
            verified = try await adapter.verifyNotification(body, app: app)
        } catch let error as PerennialError where !error.isTransient {
            // Only a verdict about the notification itself rejects it for good; a problem on this side
            // (verification unavailable, the app's signed-data settings) leaves it `received`, and it is
            // processed again once the problem is gone.
            logger.warning("store notification refused", metadata: ["app": "\(app.id)", "code": "\(error.code)"])
            try await inbox.reject(
                appID: app.id, notificationID: notificationID,
                outcome: .init(status: .rejected, errorCode: error.code, settledAt: clock.now()),
                sealedExcerpt: try secrets.seal(body.prefix(RejectedNotificationRetention.excerptBytes)), bodyBytes: body.count,
                retention: retention)
            throw error
        }
        var isRepeat = false
        if let uuid = verified.notificationUUID, try await inbox.hasProcessed(appID: app.id, notificationUUID: uuid) {
            isRepeat = true
        } else {
            try await ingestor.ingestForOwners(verified.facts, app: app, grouped: true)
        }
        try await inbox.settle(appID: app.id, notificationID: notificationID, outcome: .init(
            status: .processed, notificationUUID: verified.notificationUUID, notificationType: verified.notificationType,
            subtype: verified.subtype, settledAt: clock.now()
        ))
        return NotificationAcknowledgement(isRepeat: isRepeat, notificationType: verified.notificationType, subtype: verified.subtype)
    }

    private func queue(app: AppSettings, notificationID: String, reason: String) async throws {
        logger.warning("store notification queued for processing", metadata: ["app": "\(app.id)", "code": "\(reason)"])
        // `.replace`: the store's retry of the body makes a waiting job due now.
        try await jobs.enqueue(NotificationProcessingJob.job(
            appID: app.id, notificationID: notificationID, runAt: clock.now(), onDuplicate: .replace
        ))
    }

    private func adapter(for store: Store) throws -> any StoreAdapter {
        try adapters.required(for: store)
    }

    /// The answer to a repeat of a notification already settled: the same as the first time.
    static func answer(repeating outcome: InboundNotification.Outcome) throws -> NotificationAcknowledgement {
        guard outcome.status == .rejected else {
            return NotificationAcknowledgement(isRepeat: true, notificationType: outcome.notificationType, subtype: outcome.subtype)
        }
        throw NotificationRejection.error(stored: outcome.errorCode)
    }
}
