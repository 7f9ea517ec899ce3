import Foundation
import NIOCore
import PerennialCore
import PerennialSimulator
import Testing

/// Version 1 App Store notifications: the shared secret authenticates them, their unified receipt is
/// ingested for the subscription's owner.
@Suite("App Store notifications, version 1")
struct NotificationV1Tests {
    /// A v1 notification as the App Store sends it, built from the account's current verifyReceipt answer.
    func notification(_ harness: TestHarness, account: String, type: String, password: String? = nil) async throws -> Data {
        let receipt = try await harness.receipt(account: account)
        let response = await harness.simulator.verifyReceipt(
            receiptData: receipt, password: TestHarness.sharedSecret, excludeOldTransactions: false, endpoint: .sandbox
        )
        var unified = try JSONSerialization.jsonObject(with: JSONEncoder().encode(response)) as! [String: Any]
        unified["receipt"] = nil
        return try JSONSerialization.data(withJSONObject: [
            "notification_type": type, "password": password ?? TestHarness.sharedSecret, "environment": "Sandbox",
            "bid": TestHarness.bundleID, "unified_receipt": unified,
        ])
    }

    func post(_ harness: TestHarness, _ body: Data, app: String = "forest") async throws -> (status: Int, body: JSONObject) {
        try await harness.client.execute(
            uri: "/v1/apple/notifications/\(app)", method: .post, headers: [.contentType: "application/json"],
            body: ByteBuffer(bytes: body)
        ) { (Int($0.status.code), try JSONObject($0.body)) }
    }

    @Test func aRenewalStatusChangeReachesTheCustomerWithoutAReceipt() async throws {
        try await TestHarness.run { harness in
            let purchase = try await harness.simulator.purchase(account: "pia", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            _ = try await harness.postReceipt(purchase.receiptData, appUserID: "user-pia")
            await harness.advance(days: 1)
            _ = try await harness.simulator.setAutoRenew(originalTransactionID: purchase.originalTransactionID, enabled: false)
            let body = try await notification(harness, account: "pia", type: "DID_CHANGE_RENEWAL_STATUS")
            let (status, answer) = try await post(harness, body)
            #expect(status == 200)
            #expect(answer["repeat"].bool == false)
            let (_, customer) = try await harness.customer("user-pia")
            #expect(customer["subscriptions"][0]["will_renew"].bool == false)
            #expect(try await harness.eventTypes("user-pia").last == "auto_renew_disabled")

            let (repeatStatus, repeated) = try await post(harness, body)
            #expect(repeatStatus == 200)
            #expect(repeated["repeat"].bool == true)
        }
    }

    @Test func aWrongPasswordIsRefusedKeptAndNeverIngested() async throws {
        try await TestHarness.run { harness in
            let purchase = try await harness.simulator.purchase(account: "quin", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            _ = try await harness.postReceipt(purchase.receiptData, appUserID: "user-quin")
            await harness.advance(days: 1)
            _ = try await harness.simulator.refund(originalTransactionID: purchase.originalTransactionID)
            let forged = try await notification(harness, account: "quin", type: "REFUND", password: "00000000000000000000000000000000")
            let (status, answer) = try await post(harness, forged)
            #expect(status == 401)
            #expect(answer["error"]["code"].string == "invalid_shared_secret")
            #expect(try await post(harness, forged).status == 401)
            let (_, customer) = try await harness.customer("user-quin")
            #expect(customer["subscriptions"][0]["state"].string == "active")
            let kept = try await harness.stack.notificationInbox.notifications(appID: "forest", limit: 10)
            #expect(kept.count == 1)
            #expect(kept.first?.status == .rejected)
            #expect(kept.first?.outcome?.errorCode == "invalid_shared_secret")
        }
    }

    @Test func factsOfASubscriptionNobodyOwnsYetWaitForItsCustomer() async throws {
        try await TestHarness.run { harness in
            let purchase = try await harness.simulator.purchase(account: "rae", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            let (status, _) = try await post(harness, try await notification(harness, account: "rae", type: "INITIAL_BUY"))
            #expect(status == 200)
            #expect(try await harness.customer("user-rae").status == 404)
            let (_, body) = try await harness.postReceipt(purchase.receiptData, appUserID: "user-rae")
            #expect(body["customer"]["entitlements"].array.count == 1)
        }
    }

    @Test func bodiesThatAreNotNotificationsAreRefusedAndNotStored() async throws {
        try await TestHarness.run { harness in
            for body in ["not json", "[]", #"{"hello": "world"}"#, #"{"signedPayload": "not-a-jws"}"#] {
                let (status, answer) = try await post(harness, Data(body.utf8))
                #expect(status == 400)
                #expect(answer["error"]["code"].string == "invalid_notification")
            }
            #expect(try await post(harness, Data("{}".utf8), app: "no-such-app").status == 404)
            #expect(try await harness.stack.notificationInbox.notifications(appID: "forest", limit: 10).isEmpty)
        }
    }
}
