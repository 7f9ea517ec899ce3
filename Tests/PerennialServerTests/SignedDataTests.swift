import Foundation
import NIOCore
import PerennialCore
import PerennialTesting
import Testing

/// StoreKit 2 signed transactions and version 2 notifications, signed by a test CA with Apple's shape that
/// the app is configured to trust.
@Suite("Signed transactions and version 2 notifications")
struct SignedDataTests {
    static let day: Int64 = 86_400_000

    struct Signing {
        let ca: TestCertificateAuthority

        func transaction(id: String = "3000000000000001", original: String = "3000000000000001", signedOn: Int64 = 0,
                         revokedOn: Int64? = nil, trial: Bool = false, bundleID: String = TestHarness.bundleID,
                         environment: String = "Sandbox", token: String? = nil) -> String {
            var payload: [String: Any] = [
                "transactionId": id, "originalTransactionId": original, "bundleId": bundleID,
                "productId": "pro.monthly", "purchaseDate": TestHarness.start.milliseconds,
                "originalPurchaseDate": TestHarness.start.milliseconds,
                "expiresDate": TestHarness.start.milliseconds + 30 * day, "type": "Auto-Renewable Subscription",
                "inAppOwnershipType": "PURCHASED", "signedDate": TestHarness.start.milliseconds + signedOn * day,
                "environment": environment, "quantity": 1, "transactionReason": "PURCHASE",
            ]
            if trial { payload["offerType"] = 1; payload["offerDiscountType"] = "FREE_TRIAL" }
            payload["appAccountToken"] = token
            if let revokedOn {
                payload["revocationDate"] = TestHarness.start.milliseconds + revokedOn * day
                payload["revocationReason"] = 1
            }
            return ca.signer.sign(payload: try! JSONSerialization.data(withJSONObject: payload))
        }

        func renewalInfo(autoRenew: Bool, signedOn: Int64) -> String {
            ca.signer.sign(payload: try! JSONSerialization.data(withJSONObject: [
                "originalTransactionId": "3000000000000001", "productId": "pro.monthly", "autoRenewProductId": "pro.monthly",
                "autoRenewStatus": autoRenew ? 1 : 0, "signedDate": TestHarness.start.milliseconds + signedOn * day,
                "environment": "Sandbox",
            ] as [String: Any]))
        }

        func notification(_ type: String, subtype: String? = nil, uuid: String = UUID().uuidString, transaction: String?,
                          renewalInfo: String?, environment: String = "Sandbox", signedOn: Int64 = 0) -> Data {
            var data: [String: Any] = ["bundleId": TestHarness.bundleID, "environment": environment, "appAppleId": 1234]
            data["signedTransactionInfo"] = transaction
            data["signedRenewalInfo"] = renewalInfo
            var payload: [String: Any] = [
                "notificationType": type, "notificationUUID": uuid, "version": "2.0", "data": data,
                "signedDate": TestHarness.start.milliseconds + signedOn * day,
            ]
            payload["subtype"] = subtype
            let signed = ca.signer.sign(payload: try! JSONSerialization.data(withJSONObject: payload))
            return try! JSONSerialization.data(withJSONObject: ["signedPayload": signed])
        }
    }

    func postTransaction(_ harness: TestHarness, _ signed: String, appUserID: String) async throws -> (status: Int, body: JSONObject) {
        let payload = try JSONSerialization.data(withJSONObject: ["app_user_id": appUserID, "signed_transaction": signed])
        return try await harness.client.execute(
            uri: "/v1/transactions", method: .post,
            headers: [.authorization: "Bearer \(TestHarness.publicKey)", .contentType: "application/json"], body: ByteBuffer(bytes: payload)
        ) { (Int($0.status.code), try JSONObject($0.body)) }
    }

    func postNotification(_ harness: TestHarness, _ body: Data) async throws -> (status: Int, body: JSONObject) {
        try await harness.client.execute(
            uri: "/v1/apple/notifications/forest", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(bytes: body)
        ) { (Int($0.status.code), try JSONObject($0.body)) }
    }

    @Test func aSignedTransactionThenNotificationsKeepTheCustomerRight() async throws {
        let signing = Signing(ca: try TestCertificateAuthority())
        try await TestHarness.run(signedDataRoot: signing.ca.rootDER) { harness in
            let (status, posted) = try await postTransaction(harness, signing.transaction(trial: true), appUserID: "user-sk2")
            #expect(status == 200)
            #expect(posted["status"].string == "validated")
            #expect(posted["customer"]["entitlements"][0]["period_type"].string == "trial")

            await harness.advance(days: 2)
            var (notified, answer) = try await postNotification(harness, signing.notification(
                "DID_CHANGE_RENEWAL_STATUS", subtype: "AUTO_RENEW_DISABLED", transaction: signing.transaction(signedOn: 1, trial: true),
                renewalInfo: signing.renewalInfo(autoRenew: false, signedOn: 1), signedOn: 1
            ))
            #expect(notified == 200)
            #expect(answer["notification_type"].string == "DID_CHANGE_RENEWAL_STATUS")
            var (_, now) = try await harness.customer("user-sk2")
            #expect(now["subscriptions"][0]["will_renew"].bool == false)

            (notified, _) = try await postNotification(harness, signing.notification(
                "REFUND", transaction: signing.transaction(signedOn: 2, revokedOn: 2, trial: true), renewalInfo: nil, signedOn: 2
            ))
            #expect(notified == 200)
            (_, now) = try await harness.customer("user-sk2")
            #expect(now["subscriptions"][0]["state"].string == "revoked")
            #expect(now["entitlements"].array.isEmpty)

            (notified, _) = try await postNotification(harness, signing.notification(
                "REFUND_REVERSED", transaction: signing.transaction(signedOn: 3, trial: true), renewalInfo: nil, signedOn: 3
            ))
            #expect(notified == 200)
            (_, now) = try await harness.customer("user-sk2")
            #expect(now["subscriptions"][0]["state"].string == "trial")
            #expect(try await harness.eventTypes("user-sk2") == ["initial_purchase", "trial_started", "auto_renew_disabled"])
        }
    }

    @Test func theAppAccountTokenTiesNotificationsToTheCustomer() async throws {
        let signing = Signing(ca: try TestCertificateAuthority())
        let token = "2b4e8a1c-7f3d-4c2e-9a6b-1d5f0e3c8a7b"
        try await TestHarness.run(signedDataRoot: signing.ca.rootDER) { harness in
            _ = try await postTransaction(harness, signing.transaction(token: token), appUserID: "user-token")
            // A second subscription, bought on another device, known only from a notification.
            let other = signing.transaction(id: "3000000000000009", original: "3000000000000009", token: token.uppercased())
            #expect(try await postNotification(harness, signing.notification("SUBSCRIBED", transaction: other, renewalInfo: nil)).status == 200)
            let (_, customer) = try await harness.customer("user-token")
            #expect(customer["subscriptions"].array.count == 2)

            // An app whose user ids are the tokens themselves needs no link.
            let own = "9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f"
            _ = try await harness.postReceipt(
                try await harness.simulator.purchase(account: "yan", bundleID: TestHarness.bundleID, productID: "lifetime").receiptData,
                appUserID: own
            )
            let third = signing.transaction(id: "3000000000000010", original: "3000000000000010", token: own)
            #expect(try await postNotification(harness, signing.notification("SUBSCRIBED", transaction: third, renewalInfo: nil)).status == 200)
            let (_, owner) = try await harness.customer(own)
            #expect(owner["subscriptions"].array.count == 2)
        }
    }

    @Test func theSameNotificationSignedTwiceIsProcessedOnce() async throws {
        let signing = Signing(ca: try TestCertificateAuthority())
        try await TestHarness.run(signedDataRoot: signing.ca.rootDER) { harness in
            _ = try await postTransaction(harness, signing.transaction(), appUserID: "user-dup")
            let uuid = UUID().uuidString
            let first = try await postNotification(harness, signing.notification("DID_RENEW", uuid: uuid, transaction: signing.transaction(), renewalInfo: nil))
            let again = try await postNotification(harness, signing.notification("DID_RENEW", uuid: uuid, transaction: signing.transaction(), renewalInfo: nil))
            #expect(first.body["repeat"].bool == false)
            #expect(again.status == 200)
            #expect(again.body["repeat"].bool == true)
        }
    }

    @Test func forgedAndMisdirectedSignedDataIsRefusedAndNeverIngested() async throws {
        let trusted = Signing(ca: try TestCertificateAuthority())
        let rogue = Signing(ca: try TestCertificateAuthority())
        try await TestHarness.run(signedDataRoot: trusted.ca.rootDER) { harness in
            let forged = try await postTransaction(harness, rogue.transaction(), appUserID: "mallory")
            #expect(forged.status == 400)
            #expect(forged.body["error"]["code"].string == "verification_failure")
            let otherApp = try await postTransaction(harness, trusted.transaction(bundleID: "com.example.other"), appUserID: "mallory")
            #expect(otherApp.status == 403)
            #expect(otherApp.body["error"]["code"].string == "invalid_app_identifier")
            let production = try await postTransaction(harness, trusted.transaction(environment: "Production"), appUserID: "mallory")
            #expect(production.body["error"]["code"].string == "invalid_environment")
            #expect(try await harness.customer("mallory").status == 404)

            let (status, answer) = try await postNotification(harness, rogue.notification("SUBSCRIBED", transaction: rogue.transaction(), renewalInfo: nil))
            #expect(status == 400)
            #expect(answer["error"]["code"].string == "verification_failure")
            let nested = trusted.notification("SUBSCRIBED", transaction: rogue.transaction(), renewalInfo: nil)
            #expect(try await postNotification(harness, nested).status == 400)
            let kept = try await harness.stack.notificationInbox.notifications(appID: "forest", limit: 10)
            #expect(kept.count == 2)
            #expect(kept.allSatisfy { $0.status == .rejected })
        }
    }

    /// Text that is not a compact JWS with a JSON payload is malformed input (400 `malformed_jws`), not data
    /// of another environment: its environment cannot even be read.
    @Test func garbageSignedDataIsMalformedNotAnotherEnvironment() async throws {
        let trusted = Signing(ca: try TestCertificateAuthority())
        try await TestHarness.run(signedDataRoot: trusted.ca.rootDER) { harness in
            let garbage = ["a.b.c", "e30.bm90IGpzb24.c2ln", "W10.W10.W10", "..", "header.\u{1F389}.signature"]
            for text in garbage {
                let posted = try await postTransaction(harness, text, appUserID: "mallory")
                #expect(posted.status == 400, "\(text)")
                #expect(posted.body["error"]["code"].string == "malformed_jws", "\(text)")
                let notification = try JSONSerialization.data(withJSONObject: ["signedPayload": text])
                let answer = try await postNotification(harness, notification)
                #expect(answer.status == 400, "\(text)")
                #expect(answer.body["error"]["code"].string == "malformed_jws", "\(text)")
            }
            #expect(try await harness.customer("mallory").status == 404)
        }
    }
}
