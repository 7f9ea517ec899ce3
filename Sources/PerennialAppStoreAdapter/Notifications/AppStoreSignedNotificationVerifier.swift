import PerennialAppStore
import PerennialCore
import PerennialServices

/// Verifies version 2 App Store notifications, the signed transaction and renewal info nested in them
/// included, and translates what they carry into facts. The notification type does not decide the facts:
/// the engine derives the state from the transaction and renewal info whatever the type.
public struct AppStoreSignedNotificationVerifier: SignedNotificationVerifier {
    let verifiers: SignedDataVerifiers
    let clock: any Clock

    public init(verifiers: SignedDataVerifiers, clock: any Clock) {
        self.verifiers = verifiers
        self.clock = clock
    }

    public func verify(signedPayload: String, app: AppSettings) async throws -> VerifiedStoreNotification {
        let verifier = try verifiers.verifier(for: app, signed: signedPayload)
        let notification: VerifiedNotification
        do {
            notification = try await verifier.verifyAndDecodeNotification(signedPayload)
        } catch {
            throw error.perennialError
        }
        var facts = FactBatch()
        if let transaction = notification.transaction?.transactionFact { facts.transactions.append(transaction) }
        if let renewal = notification.renewalInfo?.renewalInfoFact(fallbackObservedAt: notification.payload.signedDate ?? clock.now()) {
            facts.renewalInfos.append(renewal)
        }
        return VerifiedStoreNotification(
            notificationUUID: notification.payload.notificationUUID, notificationType: notification.payload.notificationType?.rawValue ?? "UNKNOWN",
            subtype: notification.payload.subtype?.rawValue, facts: facts
        )
    }
}
