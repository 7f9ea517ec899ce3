import Foundation
import PerennialCore
import PerennialServices

/// The test store's adapter: verifies its notifications (the shared secret, in constant time), translates
/// its documents into facts, and acknowledges purchases with it. It decides nothing.
struct TestStoreAdapter: StoreAdapter {
    let store = Store(rawValue: "test_store")!
    let notificationPathSegment = "test_store"
    let backend: TestStoreBackend

    func notificationFormatVersion(of body: Data) throws -> Int {
        guard (try? JSONDecoder().decode(TestStoreNotification.self, from: body)) != nil else {
            throw PerennialError(.invalidNotification, "not a test store notification")
        }
        return 1
    }

    func verifyNotification(_ body: Data, app: AppSettings) async throws -> VerifiedStoreNotification {
        let notification = try JSONDecoder().decode(TestStoreNotification.self, from: body)
        guard ConstantTime.equals(notification.secret, TestStoreBackend.secret) else {
            throw PerennialError(.invalidSharedSecret, "the notification's secret is not the test store's")
        }
        return VerifiedStoreNotification(
            notificationUUID: notification.eventID, notificationType: "SUBSCRIPTION_UPDATED", subtype: nil,
            facts: notification.subscription.facts(store: store))
    }

    func perform(_ effect: SubscriptionEffect, app: AppSettings) async throws -> FactBatch {
        guard case .acknowledge(let key, let transactionID) = effect else {
            throw PerennialError(.storeNotSupported, "the test store performs acknowledgements only")
        }
        return try await backend.acknowledge(subscriptionID: key.id, orderID: transactionID).facts(store: store)
    }

    func currentFacts(of subscription: SubscriptionKey, app: AppSettings) async throws -> FactBatch? {
        try await backend.document(subscription.id).facts(store: store)
    }
}
