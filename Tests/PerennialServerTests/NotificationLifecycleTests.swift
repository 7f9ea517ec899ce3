import Foundation
import NIOCore
import PerennialCore
import PerennialSimulator
import Testing

/// The end-to-end story for notifications: after the purchase, everything reaches Perennial as
/// App Store server notifications, signed (version 2) or with the shared secret (version 1), and the
/// customer endpoint is right after each.
@Suite("End to end: a subscription's life through notifications")
struct NotificationLifecycleTests {
    /// Delivers what the simulator has to send and returns the customer's first subscription.
    func deliverAndRead(_ harness: TestHarness, _ appUserID: String) async throws -> JSONObject {
        await harness.simulator.deliverDueNotifications()
        let (status, customer) = try await harness.customer(appUserID)
        #expect(status == 200)
        return customer["subscriptions"][0]
    }

    func story(version: Int) async throws {
        try await TestHarness.run(notificationVersions: [version]) { harness in
            let simulator = harness.simulator
            let purchase = try await simulator.purchase(account: "sol", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            let id = purchase.originalTransactionID
            if version == 2, let signed = purchase.signedTransactionInfo {
                let body = try JSONSerialization.data(withJSONObject: ["app_user_id": "user-sol", "signed_transaction": signed])
                let status = try await harness.client.execute(
                    uri: "/v1/transactions", method: .post,
                    headers: [.authorization: "Bearer \(TestHarness.publicKey)", .contentType: "application/json"], body: ByteBuffer(bytes: body)
                ) { Int($0.status.code) }
                #expect(status == 200)
            } else {
                #expect(try await harness.postReceipt(purchase.receiptData, appUserID: "user-sol").status == 200)
            }
            var subscription = try await deliverAndRead(harness, "user-sol")
            #expect(subscription["state"].string == "active")

            var summary = try await simulator.subscription(originalTransactionID: id)
            await harness.advanceTo(summary.expiresAt, plusDays: 1)
            subscription = try await deliverAndRead(harness, "user-sol")
            #expect(subscription["renewal_count"].int == 1)
            #expect(subscription["state"].string == "active")

            await harness.advance(days: 1)
            _ = try await simulator.setAutoRenew(originalTransactionID: id, enabled: false)
            subscription = try await deliverAndRead(harness, "user-sol")
            #expect(subscription["will_renew"].bool == false)
            await harness.advance(days: 1)
            _ = try await simulator.setAutoRenew(originalTransactionID: id, enabled: true)
            subscription = try await deliverAndRead(harness, "user-sol")
            #expect(subscription["will_renew"].bool == true)

            _ = try await simulator.setBillingFailing(originalTransactionID: id, failing: true)
            summary = try await simulator.subscription(originalTransactionID: id)
            await harness.advanceTo(summary.expiresAt, plusDays: 1)
            subscription = try await deliverAndRead(harness, "user-sol")
            #expect(subscription["state"].string == "grace_period")

            await harness.advance(days: 1)
            _ = try await simulator.setBillingFailing(originalTransactionID: id, failing: false)
            subscription = try await deliverAndRead(harness, "user-sol")
            #expect(subscription["state"].string == "active")

            await harness.advance(days: 1)
            _ = try await simulator.refund(originalTransactionID: id, reason: "1")
            subscription = try await deliverAndRead(harness, "user-sol")
            #expect(subscription["state"].string == "revoked")
            let (_, customer) = try await harness.customer("user-sol")
            #expect(customer["entitlements"].array.isEmpty)

            let sent = await simulator.notifications()
            #expect(!sent.isEmpty)
            #expect(sent.allSatisfy { $0.version == version && $0.attempts.last?.httpStatus == 200 })
            if version == 2 {
                let types = sent.map { [$0.notificationType, $0.subtype].compactMap { $0 }.joined(separator: "/") }
                for expected in ["SUBSCRIBED/INITIAL_BUY", "DID_RENEW", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED",
                                 "DID_FAIL_TO_RENEW/GRACE_PERIOD", "DID_RENEW/BILLING_RECOVERY", "REFUND"] {
                    #expect(types.contains(expected), "missing \(expected) in \(types)")
                }
            }
        }
    }

    @Test func signedNotifications() async throws { try await story(version: 2) }

    @Test func versionOneNotifications() async throws { try await story(version: 1) }
}
