import Foundation
import Logging
import PerennialCore

/// Receives every store's server notifications; the store is answered only once the body is stored
/// durably, so a notification the store was told about is never lost. The store's adapter verifies it (the
/// App Store: the signed payload and the JWS nested in it, or a version 1 notification's shared secret in
/// constant time) and translates it, and its facts are ingested for the customers who own the subscriptions.
///
/// A notification that verifies is stored, ingested and settled in one grouped write, shared with the
/// notifications arriving at the same time (group commit: one commit for many). Otherwise the body is
/// stored first, on its own: a notification that fails verification is never ingested, and of it only what
/// an operator needs is kept (its size, reason, hash and first KiB, sealed), within the app's
/// `RejectedNotificationRetention`; processing that fails for a passing reason (verification unavailable,
/// the database) leaves it `received` and queues a job that processes it again from the stored body, so
/// the store is answered 200 once the body is stored: the store's retry is no longer needed.
public struct StoreNotificationService: Sendable {
    /// The job kind that processes a stored notification again.
    public static let jobKind = "notification.process"

    let inbox: any NotificationInbox
    let jobs: any JobQueue
    let ledger: any Ledger
    let ingestor: FactIngestor
    /// The stores whose notifications it takes, each at its adapter's path.
    public let adapters: StoreAdapters
    let secrets: SecretBox
    let retention: RejectedNotificationRetention
    let clock: any Clock
    let logger: Logger
    /// Counts notifications received, accepted and rejected.
    let telemetry: Telemetry

    public init(
        inbox: any NotificationInbox, jobs: any JobQueue, ledger: any Ledger, adapters: StoreAdapters, secrets: SecretBox,
        retention: RejectedNotificationRetention = RejectedNotificationRetention(), clock: any Clock, logger: Logger,
        telemetry: Telemetry = .off
    ) {
        self.telemetry = telemetry
        self.retention = retention
        self.inbox = inbox
        self.jobs = jobs
        self.ledger = ledger
        ingestor = FactIngestor(ledger: ledger, clock: clock)
        self.adapters = adapters
        self.secrets = secrets
        self.clock = clock
        self.logger = logger
    }

    /// Stores, verifies and ingests one notification sent by `store`, after the store's adapter has checked
    /// the request's own credentials (a header, a signature of the body), if it has any: a request that fails
    /// them stores nothing.
    /// `storingRefusal: false` (its sender spent its budget of refusals) refuses a notification that fails
    /// verification without storing it.
    public func receive(
        app: AppSettings, store: Store, request: NotificationRequest, storingRefusal: Bool = true
    ) async throws -> NotificationAcknowledgement {
        try await counted(store: store) {
            try await adapter(for: store).authenticateNotification(request, app: app)
            return try await verifyAndIngest(app: app, store: store, body: request.body, storingRefusal: storingRefusal)
        }
    }

    /// `receive(app:store:request:)` for a request with no header that matters (the App Store's).
    public func receive(app: AppSettings, store: Store, body: Data) async throws -> NotificationAcknowledgement {
        try await receive(app: app, store: store, request: NotificationRequest(body: body))
    }

    /// Stores, verifies and ingests a notification body Perennial fetched itself, with its own credentials,
    /// from the store's queue (Google's Pub/Sub pull): nothing about the request to check, the body alone
    /// is verified. Returns once the body is stored durably (processed, or queued for processing).
    public func accept(
        app: AppSettings, store: Store, body: Data, storingRefusal: Bool = true
    ) async throws -> NotificationAcknowledgement {
        try await counted(store: store) {
            try await verifyAndIngest(app: app, store: store, body: body, storingRefusal: storingRefusal)
        }
    }

    /// Runs `receiving` and counts the notification in the telemetry: received, then accepted (with how) or
    /// rejected (with the error's code).
    private func counted(
        store: Store, _ receiving: () async throws -> NotificationAcknowledgement
    ) async throws -> NotificationAcknowledgement {
        telemetry.notificationReceived(store: store)
        do {
            let acknowledgement = try await receiving()
            let outcome = acknowledgement.isQueued ? "queued" : acknowledgement.isRepeat ? "repeat" : "processed"
            telemetry.notificationAccepted(store: store, outcome: outcome)
            return acknowledgement
        } catch {
            telemetry.notificationRejected(store: store, reason: PerennialError.code(of: error))
            throw error
        }
    }

    /// `verified`, or the code of the error that refused it.
    static func verificationOutcome<Value>(_ result: Result<Value, any Error>) -> String {
        switch result {
        case .success: "verified"
        case .failure(let error): PerennialError.code(of: error)
        }
    }

    /// `accept`'s work, uncounted.
    private func verifyAndIngest(
        app: AppSettings, store: Store, body: Data, storingRefusal: Bool
    ) async throws -> NotificationAcknowledgement {
        let adapter = try adapter(for: store)
        let version = try adapter.notificationFormatVersion(of: body)
        let notification = InboundNotification(
            appID: app.id, notificationID: SHA256Hex.digest(body), store: store, version: version,
            receivedAt: clock.now(), sealedBody: try secrets.seal(body), bodyBytes: body.count
        )
        let verification: Result<VerifiedStoreNotification, any Error>
        do {
            verification = .success(try await adapter.verifyNotification(body, app: app))
        } catch {
            verification = .failure(error)
        }
        telemetry.verification(kind: "\(store.rawValue)_notification", outcome: Self.verificationOutcome(verification))
        if !storingRefusal, case .failure(let error as PerennialError) = verification, !error.isTransient {
            throw error
        }
        if case .success(let verified) = verification {
            do {
                return try Self.acknowledgement(adapter: adapter, of: try await ingestAndSettle(
                    verified, notificationID: notification.notificationID, app: app, storing: notification))
            } catch let error as PerennialError where !error.isTransient {
                // Refused by ingestion: stored, left `received`, and refused, as when the body came first.
                _ = try await inbox.receive(notification)
                throw error
            } catch {
                // A passing failure (the database): the body alone now, then processing as below.
            }
        }
        let (record, isNew) = try await inbox.receive(notification)
        if !isNew, let outcome = record.outcome {
            return try Self.answer(repeating: outcome, adapter: adapter)
        }
        do {
            // A body stored before but never settled (its processing was interrupted) is processed now for
            // the first time: not a repeat.
            return try await process(
                body, verification: verification, adapter: adapter, app: app, notificationID: notification.notificationID)
        } catch let error as PerennialError where error.isTransient {
            try await queue(app: app, notificationID: notification.notificationID, reason: error.code)
        } catch let error as PerennialError {
            throw error
        } catch {
            try await queue(app: app, notificationID: notification.notificationID, reason: "internal")
        }
        return NotificationAcknowledgement(isRepeat: false, isQueued: true, notificationType: nil, subtype: nil)
    }

    /// What a notification's write concluded: settled now, or settled before (a repeat of the body).
    private enum Settlement: Sendable {
        case settled(NotificationAcknowledgement)
        case earlier(InboundNotification.Outcome)
    }

    /// The answer to the store once a notification's write concluded.
    private static func acknowledgement(adapter: any StoreAdapter, of settlement: Settlement) throws -> NotificationAcknowledgement {
        switch settlement {
        case .settled(let acknowledgement): return acknowledgement
        case .earlier(let outcome): return try answer(repeating: outcome, adapter: adapter)
        }
    }

    /// In one grouped write: stores `notification` first when given (a repeat of one settled before ends
    /// there, changing nothing), ingests the verified facts unless the store's id shows them processed
    /// already, and settles it.
    private func ingestAndSettle(
        _ verified: VerifiedStoreNotification, notificationID: String, app: AppSettings, storing notification: InboundNotification?
    ) async throws -> Settlement {
        let settledAt = clock.now()
        return try await ledger.groupedWrite { session in
            let isRepeat: Bool
            if let notification {
                let (record, isNew, processedBefore) = try await session.receiveNotification(
                    notification, checkingProcessed: verified.notificationUUID)
                if !isNew, let outcome = record.outcome { return .earlier(outcome) }
                isRepeat = processedBefore
            } else if let uuid = verified.notificationUUID {
                isRepeat = try await session.hasProcessedNotification(appID: app.id, notificationUUID: uuid)
            } else {
                isRepeat = false
            }
            if !isRepeat {
                try await ingestor.ingestForOwners(verified.facts, app: app, in: session)
            }
            try await session.settleNotification(appID: app.id, notificationID: notificationID, outcome: .init(
                status: .processed, notificationUUID: verified.notificationUUID, notificationType: verified.notificationType,
                subtype: verified.subtype, settledAt: settledAt
            ))
            return .settled(NotificationAcknowledgement(
                isRepeat: isRepeat, notificationType: verified.notificationType, subtype: verified.subtype))
        }
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
            _ = try await process(body, verification: nil, adapter: try adapter(for: record.store), app: app, notificationID: notificationID)
        } catch let error as PerennialError where !error.isTransient {
            return
        }
    }

    /// Verifies (unless `verification` is the verification's outcome already) and ingests a stored
    /// notification, then settles it. A verdict about the notification itself (forged, another app's)
    /// settles it as rejected and is thrown; other failures leave it `received`.
    private func process(
        _ body: Data, verification: Result<VerifiedStoreNotification, any Error>?, adapter: any StoreAdapter,
        app: AppSettings, notificationID: String
    ) async throws -> NotificationAcknowledgement {
        let verified: VerifiedStoreNotification
        do {
            if let verification {
                verified = try verification.get()
            } else {
                verified = try await adapter.verifyNotification(body, app: app)
            }
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
        return try Self.acknowledgement(adapter: adapter, of: try await ingestAndSettle(verified, notificationID: notificationID, app: app, storing: nil))
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
    static func answer(repeating outcome: InboundNotification.Outcome, adapter: any StoreAdapter) throws -> NotificationAcknowledgement {
        guard outcome.status == .rejected else {
            return NotificationAcknowledgement(isRepeat: true, notificationType: outcome.notificationType, subtype: outcome.subtype)
        }
        throw NotificationRejection.error(stored: outcome.errorCode, among: ErrorCode.storeNeutral + adapter.errorCodes)
    }
}
