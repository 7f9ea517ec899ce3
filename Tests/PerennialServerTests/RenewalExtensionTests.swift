import Crypto
import Foundation
import NIOCore
import PerennialCore
import PerennialSimulator
import Testing

/// After an outage the team extends every subscriber's renewal date through the admin API; the App Store's
/// RENEWAL_EXTENDED notifications bring the new expiry to each customer.
@Suite("Renewal extensions through the admin API")
struct RenewalExtensionTests {
    @Test func extendingEveryoneMovesEachCustomersExpiry() async throws {
        try await TestHarness.run(notificationVersions: [2], serverAPIKey: P256.Signing.PrivateKey()) { harness in
            let purchase = try await harness.simulator.purchase(account: "zed", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            _ = try await harness.postReceipt(purchase.receiptData, appUserID: "user-zed")
            await harness.simulator.deliverDueNotifications()
            let (_, before) = try await harness.customer("user-zed")
            let expiry = try #require(before["subscriptions"][0]["expires_at"].string)

            let request = try JSONSerialization.data(withJSONObject: [
                "productId": "pro.monthly", "extendByDays": 7, "extendReasonCode": 3, "requestIdentifier": UUID().uuidString,
            ] as [String: Any])
            let status = try await harness.client.execute(
                uri: "/v1/admin/apple/extensions", method: .post,
                headers: [.authorization: "Bearer \(TestHarness.secretKey)", .contentType: "application/json"], body: ByteBuffer(bytes: request)
            ) { Int($0.status.code) }
            #expect(status == 200)
            await harness.simulator.deliverDueNotifications()
            let (_, after) = try await harness.customer("user-zed")
            let extended = try #require(after["subscriptions"][0]["expires_at"].string)
            #expect(extended > expiry)
        }
    }
}
