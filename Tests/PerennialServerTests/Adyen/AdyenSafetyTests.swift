import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PerennialAdyen
import PerennialAdyenSimulator
import PerennialCore
import PerennialOutbound
import Testing

/// What must not happen with Adyen: a forged, re-signed or foreign webhook changing anything; a period
/// charged twice when answers are lost and webhooks repeat; a customer reaching another's subscription; and
/// a customer paying on Adyen and on Square being two customers.
@Suite struct AdyenSafetyTests {
    static func post(_ body: Data, _ harness: TestHarness) async throws -> Int {
        try await harness.client.execute(
            uri: "/v1/adyen/notifications/forest", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(bytes: body)
        ) { Int($0.status.code) }
    }

    /// A delivery of one item, signed with `key` (nil: unsigned).
    static func delivery(_ item: AdyenNotificationItem, key: String?) throws -> Data {
        var item = item
        if let key { item.additionalData = ["hmacSignature": try #require(AdyenNotificationVerifier.signature(of: item, hexKey: key))] }
        return try JSONEncoder().encode(AdyenNotification(live: "false", items: [item]))
    }

    @Test func forgedReSignedAndForeignWebhooksAreRefusedAndRepeatsChangeNothing() async throws {
        let setup = await AdyenSetup()
        try await TestHarness.run(configureApp: { setup.configure(&$0) }, adyen: setup.adyen.transport) { harness in
            setup.deliveries.attach(harness.client)
            let id = try await setup.buy("sam", harness)
            let renewal = AdyenNotificationItem(
                pspReference: "9999000011112222", merchantAccountCode: "PerennialECOM", merchantReference: "\(id):1:0",
                amount: AdyenAmount(value: 999, currency: "EUR"), eventCode: "AUTHORISATION", eventDate: "2026-01-02T10:00:00+01:00", success: "true")
            #expect(try await Self.post(try Self.delivery(renewal, key: nil), harness) == 401, "unsigned")
            #expect(try await Self.post(try Self.delivery(renewal, key: String(repeating: "ab", count: 32)), harness) == 401, "another key")
            var foreign = renewal
            foreign.merchantAccountCode = "SomeoneElseECOM"
            #expect(try await Self.post(try Self.delivery(foreign, key: AdyenSetup.hmacKey), harness) == 401, "another merchant account")
            var tampered = try JSONSerialization.jsonObject(with: try Self.delivery(renewal, key: AdyenSetup.hmacKey)) as? [String: Any] ?? [:]
            var items = tampered["notificationItems"] as? [[String: [String: Any]]] ?? []
            items[0]["NotificationRequestItem"]?["amount"] = ["value": 1, "currency": "EUR"]
            tampered["notificationItems"] = items
            #expect(try await Self.post(try JSONSerialization.data(withJSONObject: tampered), harness) == 401, "a signed field changed")
            #expect(try await AdyenLifecycleTests.subscription(harness)["renewal_count"].int == 0)

            // A delivery Adyen sends again (or someone replays) is the same payment: recorded once. (The
            // clocks move to when the renewal was due, without Perennial's scheduled work running.)
            _ = await harness.simulator.advanceClock(by: .seconds(31 * 86_400))
            _ = setup.clock.advance(by: .seconds(31 * 86_400))
            let genuine = try Self.delivery(renewal, key: AdyenSetup.hmacKey)
            #expect(try await Self.post(genuine, harness) == 200)
            #expect(try await Self.post(genuine, harness) == 200)
            #expect(try await AdyenLifecycleTests.subscription(harness)["renewal_count"].int == 1)
            let events = try await harness.eventTypes("sam")
            #expect(events.filter { $0 == "renewal" }.count == 1, "\(events)")
        }
    }

    /// The renewal's answers are lost three times running (Adyen charged the first; the client's own retry
    /// and the job's next run send the same key again), and the webhook arrives as well: one charge, one
    /// period, one renewal event.
    @Test func lostAnswersAndRepeatedWebhooksChargeAPeriodOnce() async throws {
        let setup = await AdyenSetup()
        let losing = AnswerLosingTransport(setup.adyen.transport, losing: 3)
        try await TestHarness.run(configureApp: { setup.configure(&$0) }, adyen: losing) { harness in
            setup.deliveries.attach(harness.client)
            let id = try await setup.buy("sam", harness)
            try await setup.advance(days: 30, hours: 23, harness)
            #expect(await setup.adyen.charges == 2)
            for _ in 0..<3 { try await setup.advance(hours: 1, harness) }
            #expect(await setup.adyen.charges == 2, "one charge for the period, however often it was asked")
            let subscription = try await AdyenLifecycleTests.subscription(harness)
            #expect(subscription["renewal_count"].int == 1)
            #expect(subscription["expires_at"].string == "2026-03-01T00:00:00.000Z")
            #expect(subscription["subscription_id"].string == id)
            #expect(try await harness.eventTypes("sam").filter { $0 == "renewal" }.count == 1)
        }
    }

    @Test func purchasesAndCancellationsNameWhatTheyMayTouch() async throws {
        let setup = await AdyenSetup()
        try await TestHarness.run(configureApp: { setup.configure(&$0) }, adyen: setup.adyen.transport) { harness in
            setup.deliveries.attach(harness.client)
            let unknown = try await AppUserIDRouteTests.request(
                harness, .post, "/v1/adyen/checkout-sessions", json: ["app_user_id": "sam", "product_id": "nope"])
            #expect(unknown.status == 404)
            #expect(unknown.body["error"]["code"].string == "product_not_found")
            let planless = try await AppUserIDRouteTests.request(
                harness, .post, "/v1/adyen/checkout-sessions", json: ["app_user_id": "sam", "product_id": "pro.monthly"])
            #expect(planless.status == 422, "a product of every store, without an Adyen plan")
            #expect(planless.body["error"]["code"].string == "adyen_not_configured")
            let id = try await setup.buy("sam", harness)
            _ = try await setup.buy("rita", harness)
            for (user, subscription) in [("rita", id), ("sam", "adyen_pro_monthly~0000000000000000"), ("sam", "not-ours"), ("sam", String(repeating: "x", count: 300))] {
                let answer = try await AppUserIDRouteTests.request(
                    harness, .post, "/v1/customers/\(user)/adyen/subscriptions/\(subscription)/cancel", key: TestHarness.secretKey)
                #expect(answer.status == 404, "\(user) \(subscription)")
                #expect(answer.body["error"]["code"].string == "adyen_subscription_not_found")
            }
            let withPublicKey = try await AppUserIDRouteTests.request(harness, .post, "/v1/customers/sam/adyen/subscriptions/\(id)/cancel")
            #expect(withPublicKey.status == 403)
            #expect(try await AdyenLifecycleTests.subscription(harness)["will_renew"].bool == true)

            // Cancelled, then resumed before the period ended: it renews.
            for action in ["cancel", "resume"] {
                let answer = try await AppUserIDRouteTests.request(
                    harness, .post, "/v1/customers/sam/adyen/subscriptions/\(id)/\(action)", key: TestHarness.secretKey)
                #expect(answer.status == 200)
            }
            try await setup.advance(days: 31, harness)
            #expect(try await AdyenLifecycleTests.subscription(harness)["renewal_count"].int == 1)
        }
    }

    @Test func aCustomerPayingOnAdyenAndOnSquareIsOneCustomer() async throws {
        let setup = await AdyenSetup()
        let square = try await SquareSimulatorLifecycleTests.Setup()
        try await TestHarness.run(
            configureApp: { setup.configure(&$0); square.configure(&$0) }, square: square.square.transport, adyen: setup.adyen.transport
        ) { harness in
            setup.deliveries.attach(harness.client)
            square.deliveries.attach(harness.client)
            _ = try await setup.buy("sam", harness)
            _ = try await square.square.subscribe(planVariationID: square.planID, referenceID: "sam")
            let customer = try await harness.customer("sam").body
            #expect(Set(customer["subscriptions"].array.compactMap { $0["store"].string }) == ["square", "adyen"])
            #expect(try await AdyenLifecycleTests.entitlements(harness) == ["pro"])
        }
    }
}
