import Foundation
import Hummingbird
import HummingbirdTesting
import PerennialCore
import PerennialServer
import Testing

/// Google Play through the real server and database, against a fake Google: a purchase posted by the app,
/// the engine's acknowledgement, renewals and an upgrade told by authenticated Pub/Sub pushes (each one
/// re-read from the Developer API), forged pushes refused, and a revocation found in the voided purchases.
@Suite("Google Play end to end, against a fake Google")
struct GooglePlayLifecycleTests {
    static func time(_ days: Double) -> String {
        let date = Date(timeIntervalSince1970: Double(TestHarness.start.milliseconds) / 1000 + days * 86_400)
        return date.formatted(.iso8601)
    }

    static func purchase(
        state: String = "SUBSCRIPTION_STATE_ACTIVE", product: String = "pro.monthly", order: String, start: Double,
        expiry: Double, acknowledged: Bool = false, linked: String? = nil, canceled: String? = nil
    ) -> [String: Any] {
        var body: [String: Any] = [
            "kind": "androidpublisher#subscriptionPurchaseV2", "subscriptionState": state, "startTime": time(start),
            "regionCode": "FR",
            "acknowledgementState": acknowledged ? "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED" : "ACKNOWLEDGEMENT_STATE_PENDING",
            "lineItems": [[
                "productId": product, "expiryTime": time(expiry), "latestSuccessfulOrderId": order,
                "autoRenewingPlan": ["autoRenewEnabled": state == "SUBSCRIPTION_STATE_ACTIVE"],
                "offerDetails": ["basePlanId": "monthly"], "offerPhase": ["basePrice": [String: Any]()],
            ]],
        ]
        if let linked { body["linkedPurchaseToken"] = linked }
        if let canceled { body["canceledStateContext"] = [canceled: [String: Any]()] }
        return body
    }

    func push(_ harness: TestHarness, id: String, token: String, type: Int, changes: [String: Any] = [:]) async throws -> (Int, JSONObject) {
        try await harness.client.execute(
            uri: "/v1/google/notifications/forest", method: .post,
            headers: [
                .contentType: "application/json",
                // Google signs pushes in real time, whatever the simulated clock says.
                .authorization: FakePlayBackend.pushAuthorization(now: SystemClock().now(), changes: changes),
            ],
            body: ByteBuffer(bytes: FakePlayBackend.push(messageID: id, token: token, type: type))
        ) { (Int($0.status.code), try JSONObject($0.body)) }
    }

    @Test func purchaseAcknowledgementRenewalUpgradeAndRevocation() async throws {
        let google = FakePlayBackend()
        try await TestHarness.run(google: try FakePlayBackend.settings(), googleTransport: google) { harness in
            await google.put("tok-1", Self.purchase(order: "GPA.1111-2222-3333-44444", start: 0, expiry: 30))

            // The app posts its purchase token; Perennial reads the purchase from Google.
            let (status, answer) = try await harness.postGooglePurchase("ann", token: "tok-1")
            #expect(status == 200)
            #expect(answer["status"].string == "validated")
            var customer = try await harness.customer("ann").body
            #expect(customer["subscriptions"][0]["store"].string == "play_store")
            #expect(customer["subscriptions"][0]["subscription_id"].string == "tok-1")
            #expect(customer["subscriptions"][0]["state"].string == "active")
            let product = customer["subscriptions"][0]["product_id"].string ?? ""
            #expect(customer["subscriptions"][0]["management_url"].string
                == "https://play.google.com/store/account/subscriptions?sku=\(product)&package=\(try FakePlayBackend.settings().packageName)")
            #expect(customer["entitlements"].array.map { $0["identifier"].string } == ["pro"])
            #expect(customer["entitlements"][0]["store"].string == "play_store")

            // The engine decided the acknowledgement; the outbox's job performs it with Google.
            #expect(await google.acknowledged.isEmpty)
            #expect(try await harness.stack.runner.runOnce())
            #expect(await google.acknowledged == ["tok-1"])

            // Renewal, told by an authenticated push and read back from Google.
            await harness.advance(days: 30)
            await google.put("tok-1", Self.purchase(order: "GPA.1111-2222-3333-44444..0", start: 0, expiry: 60, acknowledged: true))
            let (renewed, ack) = try await push(harness, id: "m-1", token: "tok-1", type: 2)
            #expect(renewed == 200)
            #expect(ack["notification_type"].string == "SUBSCRIPTION_RENEWED")
            customer = try await harness.customer("ann").body
            #expect(customer["subscriptions"][0]["latest_transaction_id"].string == "GPA.1111-2222-3333-44444..0")
            #expect(customer["subscriptions"][0]["expires_at"].string == Self.time(60).replacingOccurrences(of: "Z", with: ".000Z"))

            // Forged pushes change nothing, even when Google's purchase has changed meanwhile.
            await google.put("tok-1", Self.purchase(state: "SUBSCRIPTION_STATE_EXPIRED", order: "GPA.1111-2222-3333-44444..0", start: 0, expiry: 31, acknowledged: true, canceled: "systemInitiatedCancellation"))
            for changes: [String: Any] in [
                ["aud": "https://elsewhere.test/"], ["email": "someone@else.test"], ["email_verified": false],
                ["exp": SystemClock().now().milliseconds / 1000 - 600], ["iss": "https://evil.test"],
            ] {
                let (refused, error) = try await push(harness, id: "m-forged", token: "tok-1", type: 13, changes: changes)
                #expect(refused == 401)
                #expect(error["error"]["code"].string == "notification_unauthenticated")
            }
            let unsigned = try await harness.client.execute(
                uri: "/v1/google/notifications/forest", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(bytes: FakePlayBackend.push(messageID: "m-forged", token: "tok-1", type: 13))
            ) { Int($0.status.code) }
            #expect(unsigned == 401)
            customer = try await harness.customer("ann").body
            #expect(customer["subscriptions"][0]["state"].string == "active")

            // An upgrade: a new token links the old one. One subscription, one entitlement.
            await harness.advance(days: 10)
            await google.put("tok-1", Self.purchase(state: "SUBSCRIPTION_STATE_EXPIRED", order: "GPA.1111-2222-3333-44444..0", start: 0, expiry: 40, acknowledged: true, canceled: "replacementCancellation"))
            await google.put("tok-2", Self.purchase(product: "pro.yearly", order: "GPA.5555-6666-7777-88888", start: 40, expiry: 405, linked: "tok-1"))
            #expect(try await push(harness, id: "m-2", token: "tok-2", type: 4).0 == 200)
            customer = try await harness.customer("ann").body
            #expect(customer["subscriptions"].array.count == 1)
            #expect(customer["subscriptions"][0]["subscription_id"].string == "tok-1")
            #expect(customer["subscriptions"][0]["product_id"].string == "pro.yearly")
            #expect(customer["entitlements"].array.count == 1)
            // The new token's purchase is acknowledged too, with the new token.
            #expect(try await harness.stack.runner.runOnce())
            #expect(await google.acknowledged == ["tok-1", "tok-2"])

            // A revocation: Google's voided purchases say so; the push alone would not.
            await harness.advance(days: 1)
            await google.put("tok-2", Self.purchase(state: "SUBSCRIPTION_STATE_EXPIRED", product: "pro.yearly", order: "GPA.5555-6666-7777-88888", start: 40, expiry: 41, acknowledged: true, linked: "tok-1", canceled: "developerInitiatedCancellation"))
            await google.void(["purchaseToken": "tok-2", "orderId": "GPA.5555-6666-7777-88888", "voidedTimeMillis": "\(harness.clock.now().milliseconds)", "voidedSource": 1, "voidedReason": 0])
            #expect(try await push(harness, id: "m-3", token: "tok-2", type: 12).0 == 200)
            customer = try await harness.customer("ann").body
            #expect(customer["subscriptions"][0]["state"].string == "revoked")
            #expect(customer["entitlements"].array.isEmpty)

            // A repeated push (Pub/Sub redelivers) is answered as the first, as a repeat.
            let (repeated, again) = try await push(harness, id: "m-3", token: "tok-2", type: 12)
            #expect(repeated == 200)
            #expect(again["repeat"].bool == true)
        }
    }

    @Test func anAcknowledgementThatFailedDuringAnOutageCompletesAfterIt() async throws {
        let google = FakePlayBackend()
        try await TestHarness.run(google: try FakePlayBackend.settings(), googleTransport: google) { harness in
            await google.put("tok-9", Self.purchase(order: "GPA.9", start: 0, expiry: 30))
            #expect(try await harness.postGooglePurchase("bob", token: "tok-9").status == 200)
            await google.setOutage(true)
            _ = try await harness.stack.runner.runOnce()
            #expect(await google.acknowledged.isEmpty)
            await google.setOutage(false)
            // The job is retried (after its backoff) until Google answers, well inside Google's three days.
            for _ in 0..<10 where await google.acknowledged.isEmpty {
                await harness.advance(days: 0.01)
                _ = try await harness.stack.runner.runOnce()
            }
            #expect(await google.acknowledged == ["tok-9"])
        }
    }

    /// A customer who pays on both stores for the same entitlement sees it once, from whichever subscription
    /// grants longer, and both subscriptions.
    @Test func oneEntitlementFromTwoStores() async throws {
        let google = FakePlayBackend()
        try await TestHarness.run(google: try FakePlayBackend.settings(), googleTransport: google) { harness in
            let apple = try await harness.simulator.purchase(account: "cara", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            #expect(try await harness.postReceipt(apple.receiptData, appUserID: "cara").status == 200)
            await google.put("tok-c", Self.purchase(product: "pro.yearly", order: "GPA.C", start: 0, expiry: 365))
            #expect(try await harness.postGooglePurchase("cara", token: "tok-c", productID: "pro.yearly").status == 200)
            let customer = try await harness.customer("cara").body
            #expect(Set(customer["subscriptions"].array.compactMap { $0["store"].string }) == ["app_store", "play_store"])
            #expect(customer["entitlements"].array.count == 1)
            #expect(customer["entitlements"][0]["store"].string == "play_store", "the yearly Play subscription grants longer")
        }
    }

    /// A refund no notification announced (RTDN is not guaranteed) is found by the periodic sweep of voided
    /// purchases.
    @Test func theVoidedSweepFindsARefundNoPushAnnounced() async throws {
        let google = FakePlayBackend()
        try await TestHarness.run(google: try FakePlayBackend.settings(), googleTransport: google) { harness in
            await google.put("tok-v", Self.purchase(order: "GPA.V", start: 0, expiry: 30, acknowledged: true))
            #expect(try await harness.postGooglePurchase("vic", token: "tok-v").status == 200)
            await harness.advance(days: 2)
            await google.put("tok-v", Self.purchase(state: "SUBSCRIPTION_STATE_EXPIRED", order: "GPA.V", start: 0, expiry: 2, acknowledged: true, canceled: "developerInitiatedCancellation"))
            await google.void(["purchaseToken": "tok-v", "orderId": "GPA.V", "voidedTimeMillis": "\(harness.clock.now().milliseconds)", "voidedSource": 0, "voidedReason": 1])
            await google.void(["purchaseToken": "someone-elses", "orderId": "GPA.X", "voidedTimeMillis": "\(harness.clock.now().milliseconds)"])
            #expect(try await harness.stack.scheduler.tick() >= 1)
            await harness.advance(days: 0.05)
            #expect(try await harness.stack.runner.runOnce())
            let customer = try await harness.customer("vic").body
            #expect(customer["subscriptions"][0]["state"].string == "revoked")
            #expect(customer["subscriptions"][0]["cancellation_reason"].string == "1")
            // The next sweep is waiting, one at a time however often the scheduler ticks.
            try await harness.stack.scheduler.tick()
            try await harness.stack.scheduler.tick()
            let sweeps = try await harness.stack.jobs.jobs(appID: "forest", state: .waiting, limit: 100)
                .filter { $0.kind == "google.voided.sweep" }
            #expect(sweeps.count == 1)
        }
    }
}
