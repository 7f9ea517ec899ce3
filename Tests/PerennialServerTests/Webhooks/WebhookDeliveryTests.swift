import Foundation
import PerennialCore
import PerennialServer
import PerennialServices
import PerennialSimulator
import PerennialTesting
import Testing

/// Webhooks from end to end: a store's lifecycle through the simulator reaches a live receiver, every event
/// once, in per-customer order, signed so that the Standard Webhooks reference library accepts it.
@Suite("Webhooks: delivery")
struct WebhookDeliveryTests {
    @Test(.timeLimit(.minutes(5))) func anAppStoreLifecycleReachesTheReceiverOnceInOrderSigned() async throws {
        try await TestHarness.withReceiver { receiver, url in
            try await TestHarness.run(server: TestHarness.webhookServer) { harness in
                let endpoint = try await harness.registerEndpoint(url, receiver: receiver)
                let simulator = harness.simulator
                let purchase = try await simulator.purchase(account: "alice", bundleID: TestHarness.bundleID, productID: "pro.monthly", offer: .trial)
                let id = purchase.originalTransactionID
                _ = try await harness.postReceipt(purchase.receiptData, appUserID: "user-1")
                for _ in 0..<2 {
                    let summary = try await simulator.subscription(originalTransactionID: id)
                    await harness.advanceTo(summary.expiresAt, plusDays: 1)
                    _ = try await harness.postReceipt(try await harness.receipt(account: "alice"), appUserID: "user-1")
                }
                await harness.advance(days: 0.5)
                _ = try await simulator.setAutoRenew(originalTransactionID: id, enabled: false)
                _ = try await harness.postReceipt(try await harness.receipt(account: "alice"), appUserID: "user-1")
                try await harness.deliverWebhooks()

                let feed = try await harness.feed()
                #expect(feed.map { $0["type"].string ?? "" } == [
                    "initial_purchase", "trial_started", "trial_converted", "renewal", "auto_renew_disabled",
                ])
                let received = await receiver.deliveries
                #expect(received.map(\.id) == feed.map { $0["id"].string }, "every event once, in feed order")
                #expect(received.allSatisfy { $0.signatureValid })
                for delivery in received {
                    let body = try delivery.json
                    #expect(body["app_user_id"].string == "user-1")
                    #expect(body["app_id"].string == "forest")
                    #expect(body["id"].string == delivery.id)
                    #expect(body["store"].string == "app_store")
                    #expect(body["subscription"]["product_id"].string == "pro.monthly")
                    #expect(body["version"].int == 1)
                }
                let last = try #require(received.last).json
                #expect(last["type"].string == "auto_renew_disabled")
                #expect(last["subscription"]["will_renew"].bool == false)
                #expect(last["entitlements"]["pro"]["product_id"].string == "pro.monthly")

                // The delivery log shows each one delivered, with its status and latency, never the secret.
                let log = try await harness.admin(.get, "/v1/admin/webhooks/\(endpoint.id)/deliveries")
                #expect(log.body["deliveries"].array.count == feed.count)
                #expect(log.body["deliveries"].array.allSatisfy { $0["state"].string == "delivered" && $0["last_status"].int == 200 })
                #expect(!log.body.description.contains(endpoint.secret.text))
                let listed = try await harness.admin(.get, "/v1/admin/webhooks/\(endpoint.id)")
                #expect(listed.body["secret"].isNull, "the secret is shown once, at creation")

                // The reference library accepts what arrived, and refuses it once a byte changes.
                let python = try await WebhookSignatureTests.library.python()
                for delivery in received.prefix(3) {
                    let given: [String: any Sendable] = [
                        "secret": endpoint.secret.text, "id": delivery.id ?? "", "timestamp": Int(delivery.timestamp ?? "") ?? 0,
                        "body": delivery.body, "signature": delivery.signature ?? "",
                    ]
                    let outcome = try await ChildProcess(executable: python, arguments: [WebhookSignatureTests.script.path]).run(
                        input: try JSONSerialization.data(withJSONObject: given))
                    try #require(outcome.status == 0, "the library failed: \(outcome.errorText)")
                    let seen = try #require(try JSONSerialization.jsonObject(with: outcome.output) as? [String: Any])
                    #expect(seen["verified"] as? Bool == true, "\(seen)")
                    #expect(seen["tampered_refused"] as? Bool == true)
                }
            }
        }
    }

    @Test func aCustomersLaterDeliveryWaitsForItsRetriedOneAndNobodyElseDoes() async throws {
        try await TestHarness.withReceiver { receiver, url in
            try await TestHarness.run(server: TestHarness.webhookServer) { harness in
                try await harness.registerEndpoint(url, receiver: receiver)
                for (account, user) in [("alice", "user-a"), ("bob", "user-b")] {
                    let purchase = try await harness.simulator.purchase(account: account, bundleID: TestHarness.bundleID, productID: "pro.monthly")
                    _ = try await harness.postReceipt(purchase.receiptData, appUserID: user)
                }
                // user-a's first event fails once: its second waits; user-b's go through meanwhile.
                try await receiver.setFault(WebhookReceiverFault(kind: .status, status: 503, retryAfter: 30, requests: 1))
                try await harness.deliverWebhooks()
                var received = await receiver.deliveries
                let first = try #require(received.first)
                #expect(first.status == 503)
                let failedUser = try first.json["app_user_id"].string
                let otherUser = failedUser == "user-a" ? "user-b" : "user-a"
                let afterwards = try received.dropFirst().map { try $0.json["app_user_id"].string }
                #expect(afterwards.allSatisfy { $0 == otherUser }, "only the other customer's deliveries went on: \(afterwards)")
                #expect(afterwards.count == 1)

                // Retry-After is honoured: 29 s later nothing is due, 31 s later everything arrives, in order.
                _ = await harness.simulator.advanceClock(by: .seconds(29))
                try await harness.deliverWebhooks()
                #expect(await receiver.deliveries.count == received.count)
                _ = await harness.simulator.advanceClock(by: .seconds(2))
                try await harness.deliverWebhooks()
                received = await receiver.deliveries
                let feed = try await harness.feed()
                let delivered = received.filter { $0.status == 200 }
                #expect(Set(delivered.map(\.id)) == Set(feed.map { $0["id"].string }))
                #expect(delivered.count == feed.count, "each once")
                for user in ["user-a", "user-b"] {
                    let order = try delivered.filter { try $0.json["app_user_id"].string == user }.map(\.id)
                    let expected = feed.filter { $0["app_user_id"].string == user }.map { $0["id"].string }
                    #expect(order == expected, "\(user)'s deliveries in its order")
                }
            }
        }
    }

    @Test func aReceiverDownForAWindowGetsEverythingAfterwardsInOrder() async throws {
        try await TestHarness.withReceiver { receiver, url in
            try await TestHarness.run(server: TestHarness.webhookServer) { harness in
                let endpoint = try await harness.registerEndpoint(url, receiver: receiver)
                try await receiver.setFault(WebhookReceiverFault(kind: .status, status: 500, seconds: 3600))
                let purchase = try await harness.simulator.purchase(account: "alice", bundleID: TestHarness.bundleID, productID: "pro.monthly", offer: .trial)
                _ = try await harness.postReceipt(purchase.receiptData, appUserID: "user-1")
                for _ in 0..<5 {
                    try await harness.deliverWebhooks()
                    _ = await harness.simulator.advanceClock(by: .seconds(600))
                }
                let pending = try await harness.admin(.get, "/v1/admin/webhooks/\(endpoint.id)/deliveries?state=pending")
                #expect(pending.body["deliveries"].array.count == 2)
                // Newest first: the second event waits, never tried, behind the first, retried with backoff.
                let (waiting, retried) = (pending.body["deliveries"][0], pending.body["deliveries"][1])
                #expect(retried["last_status"].int == 500 && retried["attempts"].int ?? 0 >= 3 && !retried["next_attempt_at"].isNull)
                #expect(waiting["attempts"].int == 0 && waiting["last_status"].isNull)
                let failing = try await harness.admin(.get, "/v1/admin/webhooks/\(endpoint.id)")
                #expect(!failing.body["failing_since"].isNull)

                await receiver.clearFault()
                await receiver.clear()
                for _ in 0..<3 {
                    _ = await harness.simulator.advanceClock(by: .seconds(3600))
                    try await harness.deliverWebhooks()
                }
                let feed = try await harness.feed()
                #expect(await receiver.deliveries.map(\.id) == feed.map { $0["id"].string })
                #expect(try await harness.admin(.get, "/v1/admin/webhooks/\(endpoint.id)").body["failing_since"].isNull)
            }
        }
    }

    @Test func aRefusedDeliveryIsADeadLetterThenRetriedAndReplayed() async throws {
        try await TestHarness.withReceiver { receiver, url in
            try await TestHarness.run(server: TestHarness.webhookServer) { harness in
                let endpoint = try await harness.registerEndpoint(url, receiver: receiver)
                try await receiver.setFault(WebhookReceiverFault(kind: .status, status: 400, seconds: 3600))
                let purchase = try await harness.simulator.purchase(account: "alice", bundleID: TestHarness.bundleID, productID: "pro.monthly")
                _ = try await harness.postReceipt(purchase.receiptData, appUserID: "user-1")
                try await harness.deliverWebhooks()
                let dead = try await harness.admin(.get, "/v1/admin/webhooks/\(endpoint.id)/deliveries?state=failed")
                let letters = dead.body["deliveries"].array
                #expect(letters.count == 1, "a 400 is not retried: \(dead.body)")
                #expect(letters.first?["last_error"].string == "http_400")
                #expect(letters.first?["attempts"].int == 1)
                #expect(await receiver.deliveries.count == 1)

                await receiver.clearFault()
                await receiver.clear()
                let deliveryID = try #require(letters.first?["id"].int)
                let retried = try await harness.admin(.post, "/v1/admin/webhooks/\(endpoint.id)/deliveries/\(deliveryID)/retry")
                #expect(retried.status == 202, "\(retried.body)")
                let again = try await harness.admin(.post, "/v1/admin/webhooks/\(endpoint.id)/deliveries/\(deliveryID)/retry")
                #expect(again.status == 404 && again.body["error"]["code"].string == "webhook_delivery_not_found")
                try await harness.deliverWebhooks()
                let feed = try await harness.feed()
                #expect(await receiver.deliveries.map(\.id) == feed.map { $0["id"].string })

                // Replay the whole range: the same ids again, in order.
                await receiver.clear()
                let replay = try await harness.admin(
                    .post, "/v1/admin/webhooks/\(endpoint.id)/replay", json: ["from": "2020-01-01T00:00:00Z", "to": "2100-01-01T00:00:00Z"])
                #expect(replay.status == 202 && replay.body["count"].int == feed.count, "\(replay.body)")
                try await harness.deliverWebhooks()
                #expect(await receiver.deliveries.map(\.id) == feed.map { $0["id"].string })
                #expect(await receiver.deliveries.allSatisfy { $0.signatureValid })
            }
        }
    }

    @Test func aTestMessageAndARotationSignWithBothSecretsDuringTheOverlap() async throws {
        try await TestHarness.withReceiver { receiver, url in
            try await TestHarness.run(server: TestHarness.webhookServer) { harness in
                let endpoint = try await harness.registerEndpoint(url, receiver: receiver)
                let rotated = try await harness.admin(.post, "/v1/admin/webhooks/\(endpoint.id)/rotate-secret", json: ["overlap_seconds": 3600])
                #expect(rotated.status == 200, "\(rotated.body)")
                let newSecret = try #require(WebhookSigningSecret(text: rotated.body["secret"].string ?? ""))
                #expect(rotated.body["retiring_secrets_expire_at"].array.count == 1)
                // A receiver that knows only the old secret, or only the new one, accepts the test message.
                for secrets in [[endpoint.secret], [newSecret]] {
                    await receiver.setSecrets(secrets)
                    await receiver.clear()
                    let sent = try await harness.admin(.post, "/v1/admin/webhooks/\(endpoint.id)/test")
                    #expect(sent.status == 202)
                    try await harness.deliverWebhooks()
                    let delivery = try #require(await receiver.deliveries.first)
                    #expect(delivery.signatureValid)
                    #expect(try delivery.json["type"].string == "test")
                    #expect(delivery.signature?.split(separator: " ").count == 2)
                }
            }
        }
    }

    @Test func anEndpointFailingForTheWholeRetryWindowIsDisabledAndTheTeamTold() async throws {
        try await TestHarness.withReceiver { receiver, url in
            try await TestHarness.run(server: TestHarness.webhookServer) { harness in
                let endpoint = try await harness.registerEndpoint(url, receiver: receiver)
                try await receiver.setFault(WebhookReceiverFault(kind: .status, status: 503, seconds: 86_400))
                let purchase = try await harness.simulator.purchase(account: "alice", bundleID: TestHarness.bundleID, productID: "pro.monthly")
                _ = try await harness.postReceipt(purchase.receiptData, appUserID: "user-1")
                // Three simulated days and a bit, an hour at a time: attempts back off to an hour apart.
                for _ in 0..<76 {
                    try await harness.deliverWebhooks()
                    _ = await harness.simulator.advanceClock(by: .seconds(3600))
                }
                try await harness.deliverWebhooks()
                let shown = try await harness.admin(.get, "/v1/admin/webhooks/\(endpoint.id)")
                #expect(shown.body["enabled"].bool == false)
                #expect(shown.body["disabled_reason"].string == "failing")
                let dead = try await harness.admin(.get, "/v1/admin/webhooks/\(endpoint.id)/deliveries?state=failed")
                let exhausted = dead.body["deliveries"].array.first { $0["last_error"].string == "retries_exhausted" }
                #expect((exhausted?["attempts"].int ?? 0) > 10, "the first event was retried for the whole window: \(dead.body)")
                let health = try await harness.client.execute(uri: "/health", method: .get) { try JSONObject($0.body) }
                #expect(health["problems"].array.contains { $0["code"].string == "webhook_endpoint_disabled" }, "\(health)")

                // Re-enabled by the team: the problem clears, and its dead letters go once retried.
                await receiver.clearFault()
                let enabled = try await harness.admin(.patch, "/v1/admin/webhooks/\(endpoint.id)", json: ["enabled": true])
                #expect(enabled.body["enabled"].bool == true && enabled.body["disabled_reason"].isNull)
                let health2 = try await harness.client.execute(uri: "/health", method: .get) { try JSONObject($0.body) }
                #expect(!health2["problems"].array.contains { $0["code"].string == "webhook_endpoint_disabled" })
                let retried = try await harness.admin(.post, "/v1/admin/webhooks/\(endpoint.id)/dead-letters/retry")
                #expect(retried.status == 202 && (retried.body["count"].int ?? 0) >= 1)
                try await harness.deliverWebhooks()
                let feed = try await harness.feed()
                #expect(Set(await receiver.deliveries.filter { $0.status == 200 }.map(\.id)) == Set(feed.map { $0["id"].string }))
            }
        }
    }
}
