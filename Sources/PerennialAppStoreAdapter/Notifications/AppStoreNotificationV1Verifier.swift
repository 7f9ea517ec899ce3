import PerennialAppStore
import PerennialCore
import PerennialServices

/// Checks a version 1 notification — its password must be the app's shared secret (or the previous one
/// during a rotation), compared in constant time, and its bundle id the app's — and translates its
/// `unified_receipt` into facts.
struct AppStoreNotificationV1Verifier {
    let clock: any Clock

    func verify(_ notification: AppStoreNotificationV1, app: AppSettings) throws -> VerifiedStoreNotification {
        guard let apple = app.apple, let password = notification.password,
              ConstantTime.equals(password, apple.sharedSecret)
                || apple.previousSharedSecret.map({ ConstantTime.equals(password, $0) }) == true
        else {
            throw NotificationRejection.error(code: .invalidSharedSecret)
        }
        if let bundleID = notification.bundleID, bundleID != app.bundleID {
            throw NotificationRejection.error(code: .invalidAppIdentifier)
        }
        let facts = notification.unifiedReceipt.map {
            ReceiptFactTranslator().translate($0, fallbackObservedAt: clock.now()).batch
        } ?? FactBatch()
        return VerifiedStoreNotification(
            notificationUUID: nil, notificationType: notification.notificationType ?? "UNKNOWN", subtype: nil, facts: facts
        )
    }
}
