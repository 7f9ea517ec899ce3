import Foundation
import PerennialCore
import PerennialServices

/// The test store's side: its subscriptions, the acknowledgements it received, and the notifications it
/// sends (signed with its secret).
actor TestStoreBackend {
    static let secret = "test-store-notification-secret"

    private(set) var documents: [String: TestStoreDocument] = [:]
    private(set) var acknowledged: [String] = []
    private var eventCount = 0

    func put(_ document: TestStoreDocument) {
        documents[document.subscriptionID] = document
    }

    func document(_ subscriptionID: String) throws -> TestStoreDocument {
        guard let document = documents[subscriptionID] else {
            throw PerennialError(.storeRecordNotFound, "the test store has no subscription \(subscriptionID)")
        }
        return document
    }

    /// Records the acknowledgement of an order (twice is harmless) and answers with the subscription.
    func acknowledge(subscriptionID: String, orderID: String) throws -> TestStoreDocument {
        var document = try document(subscriptionID)
        guard let index = document.orders.firstIndex(where: { $0.id == orderID }) else {
            throw PerennialError(.storeRecordNotFound, "the test store has no order \(orderID)")
        }
        if !document.orders[index].acknowledged { acknowledged.append(orderID) }
        document.orders[index].acknowledged = true
        documents[subscriptionID] = document
        return document
    }

    /// The notification body the store sends about a subscription now.
    func notification(_ subscriptionID: String, secret: String = secret) throws -> Data {
        eventCount += 1
        return try JSONEncoder().encode(TestStoreNotification(
            secret: secret, eventID: "evt_\(eventCount)", subscription: try document(subscriptionID)))
    }
}

/// A notification of the test store.
struct TestStoreNotification: Codable, Sendable {
    var secret: String
    var eventID: String
    var subscription: TestStoreDocument
}
