import Crypto
import Foundation
import Logging
import PerennialAppStore
import PerennialCore

/// Receives App Store server notifications, versions 1 and 2. Each body is stored (sealed) before anything
/// else, so a notification the store was told about is never lost; then it is verified (v2: the signed
/// payload and the JWS nested in it; v1: the shared secret, in constant time) and its facts are ingested for
/// the customers who own the subscriptions. A notification that fails verification is kept, marked
/// rejected, and never ingested. Processing that fails for an internal reason leaves the notification
/// `received`, and the store's retry of the same body processes it again.
public struct AppStoreNotificationService: Sendable {
    let inbox: any NotificationInbox
    let ingestor: FactIngestor
    let verifier: (any SignedNotificationVerifier)?
    let secrets: SecretBox
    let clock: any Clock
    let logger: Logger

    public init(
        inbox: any NotificationInbox, ledger: any Ledger, verifier: (any SignedNotificationVerifier)?, secrets: SecretBox,
        clock: any Clock, logger: Logger
    ) {
        self.inbox = inbox
        ingestor = FactIngestor(ledger: ledger, clock: clock)
        self.verifier = verifier
        self.secrets = secrets
        self.clock = clock
        self.logger = logger
    }

    /// Stores, verifies and ingests one notification body.
    public func receive(app: AppSettings, body: Data) async throws -> NotificationAcknowledgement {
        let format = try NotificationFormat(body: body)
        let notificationID = SHA256.hash(data: body).map { String(format: "%02x", $0) }.joined()
        let (record, isNew) = try await inbox.receive(InboundNotification(
            appID: app.id, notificationID: notificationID, store: .appStore, version: format.version,
            receivedAt: clock.now(), sealedBody: try secrets.seal(body)
        ))
        if !isNew, let outcome = record.outcome {
            return try Self.answer(repeating: outcome)
        }
        let verified: VerifiedStoreNotification
        do {
            verified = try await verify(format, app: app)
        } catch let error as PerennialError where ![.unavailable, .internal, .badGateway].contains(error.kind) {
            // Only a verdict about the notification itself rejects it for good; a problem on this side
            // (verification unavailable, the app's signed-data settings) leaves it `received`, so the
            // store's retry is processed once the problem is gone.
            logger.warning("store notification refused", metadata: ["app": "\(app.id)", "code": "\(error.code)"])
            try await inbox.settle(appID: app.id, notificationID: notificationID, outcome: .init(
                status: .rejected, errorCode: error.code, settledAt: clock.now()
            ))
            throw error
        }
        var isRepeat = false
        if let uuid = verified.notificationUUID, try await inbox.hasProcessed(appID: app.id, notificationUUID: uuid) {
            isRepeat = true
        } else {
            try await ingestor.ingestForOwners(verified.facts, app: app)
        }
        try await inbox.settle(appID: app.id, notificationID: notificationID, outcome: .init(
            status: .processed, notificationUUID: verified.notificationUUID, notificationType: verified.notificationType,
            subtype: verified.subtype, settledAt: clock.now()
        ))
        return NotificationAcknowledgement(isRepeat: isRepeat || !isNew, notificationType: verified.notificationType, subtype: verified.subtype)
    }

    private func verify(_ format: NotificationFormat, app: AppSettings) async throws -> VerifiedStoreNotification {
        switch format {
        case .version2(let signedPayload):
            guard let verifier else {
                throw PerennialError(.internal, code: "signed_notifications_unsupported", "this server cannot verify signed notifications")
            }
            return try await verifier.verify(signedPayload: signedPayload, app: app)
        case .version1(let notification):
            return try AppStoreNotificationV1Verifier(clock: clock).verify(notification, app: app)
        }
    }

    /// The answer to a repeat of a notification already settled: the same as the first time.
    static func answer(repeating outcome: InboundNotification.Outcome) throws -> NotificationAcknowledgement {
        guard outcome.status == .rejected else {
            return NotificationAcknowledgement(isRepeat: true, notificationType: outcome.notificationType, subtype: outcome.subtype)
        }
        throw NotificationRejection.error(code: outcome.errorCode ?? "verification_failure")
    }
}
