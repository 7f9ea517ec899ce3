import Crypto
import Foundation
import NIOCore
import PerennialCore
import PerennialSimulator
import Testing

/// The App Store Server API, against the simulator: history and renewal status complete a signed
/// transaction, and the team looks up an order.
@Suite("App Store Server API through the simulator")
struct ServerAPITests {
    @Test func aSignedTransactionIsCompletedWithHistoryAndRenewalStatus() async throws {
        try await TestHarness.run(serverAPIKey: P256.Signing.PrivateKey()) { harness in
            let purchase = try await harness.simulator.purchase(account: "wes", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            let summary = try await harness.simulator.subscription(originalTransactionID: purchase.originalTransactionID)
            await harness.advanceTo(summary.expiresAt, plusDays: 1)
            _ = try await harness.simulator.setAutoRenew(originalTransactionID: purchase.originalTransactionID, enabled: false)
            // The app only has the first transaction; Apple's history and status tell the rest.
            let body = try JSONSerialization.data(withJSONObject: ["app_user_id": "user-wes", "signed_transaction": purchase.signedTransactionInfo!])
            let (status, answer) = try await harness.client.execute(
                uri: "/v1/transactions", method: .post,
                headers: [.authorization: "Bearer \(TestHarness.publicKey)", .contentType: "application/json"], body: ByteBuffer(bytes: body)
            ) { (Int($0.status.code), try JSONObject($0.body)) }
            #expect(status == 200)
            let customer = answer["customer"]
            #expect(customer["subscriptions"][0]["renewal_count"].int == 1)
            #expect(customer["subscriptions"][0]["will_renew"].bool == false)
            #expect(customer["subscriptions"][0]["state"].string == "active")
        }
    }

    @Test func theTeamLooksUpAnOrder() async throws {
        try await TestHarness.run(serverAPIKey: P256.Signing.PrivateKey()) { harness in
            let purchase = try await harness.simulator.purchase(account: "xia", bundleID: TestHarness.bundleID, productID: "lifetime")
            let orderID = try #require(purchase.orderID)
            let (status, answer) = try await harness.client.execute(
                uri: "/v1/admin/apple/orders/\(orderID)", method: .get, headers: [.authorization: "Bearer \(TestHarness.secretKey)"]
            ) { (Int($0.status.code), try JSONObject($0.body)) }
            #expect(status == 200)
            #expect(answer["transactions"][0]["productId"].string == "lifetime")
            #expect(answer["transactions"][0]["transactionId"].string == purchase.transactionID)
        }
    }

    @Test func aTestNotificationIsRequestedReceivedAndAcknowledged() async throws {
        try await TestHarness.run(notificationVersions: [2], serverAPIKey: P256.Signing.PrivateKey()) { harness in
            let (status, answer) = try await harness.client.execute(
                uri: "/v1/admin/apple/notifications/test", method: .post, headers: [.authorization: "Bearer \(TestHarness.secretKey)"]
            ) { (Int($0.status.code), try JSONObject($0.body)) }
            #expect(status == 200)
            #expect(answer["testNotificationToken"].string?.isEmpty == false)
            await harness.simulator.deliverDueNotifications()
            let inbox = try await harness.stack.notificationInbox.notifications(appID: "forest", limit: 10)
            #expect(inbox.first?.outcome?.notificationType == "TEST")
            #expect(inbox.first?.status == .processed)
        }
    }
}
