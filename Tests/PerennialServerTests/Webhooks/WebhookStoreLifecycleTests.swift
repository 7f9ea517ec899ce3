import Foundation
import PerennialCore
import PerennialServer
import PerennialServices
import PerennialSimulator
import Testing

/// Webhooks for the other stores and for events about customers themselves: a Google Play and a Stripe
/// lifecycle, driven through their simulators, reach a live receiver once each, in feed order, signed; a
/// transfer, a login that merges an anonymous id and an erasure reach it with bodies that say what happened.
@Suite("Webhooks: store lifecycles and identity events")
struct WebhookStoreLifecycleTests {
    /// Checks that the receiver got the feed's events exactly once, in feed order, all validly signed; the
    /// bodies, in that order.
    static func receivedOncePerFeedEvent(_ receiver: WebhookReceiver, _ harness: TestHarness) async throws -> (feed: [JSONObject], bodies: [JSONObject]) {
        let feed = try await harness.feed()
        let received = await receiver.deliveries
        #expect(!feed.isEmpty)
        #expect(received.map(\.id) == feed.map { $0["id"].string }, "every event once, in feed order")
        #expect(Set(received.compactMap(\.id)).count == received.count, "no event twice")
        #expect(received.allSatisfy { $0.signatureValid && $0.status == 200 }, "\(received.map { ($0.signatureValid, $0.status) })")
        let bodies = try received.map { try $0.json }
        for (delivery, body) in zip(received, bodies) {
            #expect(body["id"].string == delivery.id, "the body's id is the webhook-id")
            #expect(body["version"].int == 1)
            #expect(body["app_id"].string == "forest")
        }
        return (feed, bodies)
    }

    @Test(.timeLimit(.minutes(5))) func aGooglePlayLifecycleReachesTheReceiver() async throws {
        try await TestHarness.withReceiver { receiver, url in
            try await TestHarness.run(server: TestHarness.webhookServer, withPlay: true) { harness in
                try await harness.registerEndpoint(url, receiver: receiver)
                let play = try #require(harness.play)
                let token = try await play.purchase(productID: "pro.monthly", obfuscatedAccountID: "ann")
                #expect(try await harness.postGooglePurchase("ann", token: token).status == 200)
                try await harness.runDueJobs()
                await play.tick()
                // Two renewals (five minutes apart on Play's test schedule).
                await harness.advance(minutes: 5.5)
                await harness.advance(minutes: 5)
                try await harness.runDueJobs()
                #expect(try await harness.customer("ann").body["subscriptions"][0]["state"].string == "active")
                // A minute later the customer cancels: access to the period's end, then expired.
                await harness.advance(minutes: 1)
                try await play.cancelByUser(token: token)
                await play.tick()
                let cancelled = try await harness.customer("ann").body["subscriptions"][0]
                #expect(cancelled["state"].string == "active" && cancelled["will_renew"].bool == false, "\(cancelled)")
                let history = try await harness.eventTypes("ann")
                #expect(history.last == "auto_renew_disabled", "\(history)")
                await harness.advance(minutes: 5)
                try await harness.runDueJobs()
                let customer = try await harness.customer("ann").body
                #expect(customer["subscriptions"][0]["state"].string == "expired", "\(customer)")
                try await harness.deliverWebhooks()

                let (feed, bodies) = try await Self.receivedOncePerFeedEvent(receiver, harness)
                let types = feed.map { $0["type"].string ?? "?" }
                #expect(types == ["initial_purchase", "renewal", "renewal", "auto_renew_disabled", "expiration"], "\(types)")
                #expect(feed.allSatisfy { $0["app_user_id"].string == "ann" })
                for body in bodies {
                    #expect(body["store"].string == "play_store", "\(body)")
                    #expect(body["app_user_id"].string == "ann")
                    #expect(body["product_id"].string == "pro.monthly")
                    #expect(body["subscription"]["product_id"].string == "pro.monthly")
                    #expect(body["subscription"]["store"].string == "play_store")
                    #expect(body["subscription"]["id"].string == feed.first?["subscription_id"].string)
                    // The entitlement is held after every event but the expiration.
                    let expired = body["type"].string == "expiration"
                    #expect(body["entitlements"]["pro"].isNull == expired, "\(body["type"]): \(body["entitlements"])")
                    if !expired { #expect(body["entitlements"]["pro"]["store"].string == "play_store") }
                }
                let byType = Dictionary(bodies.map { ($0["type"].string ?? "?", $0) }, uniquingKeysWith: { first, _ in first })
                #expect(byType["initial_purchase"]?["subscription"]["will_renew"].bool == true)
                #expect(byType["auto_renew_disabled"]?["subscription"]["will_renew"].bool == false)
                #expect(byType["auto_renew_disabled"]?["entitlements"]["pro"]["will_renew"].bool == false)
                #expect(byType["expiration"]?["subscription"]["status"].string == "expired")
                #expect(byType["expiration"]?["subscription"]["expiration_reason"].string == "voluntary")
                // Each renewal moves the expiry forward.
                let renewals = bodies.filter { $0["type"].string == "renewal" }.map { $0["subscription"]["expires_at"].string ?? "" }
                #expect(renewals.count == 2 && renewals[0] < renewals[1], "\(renewals)")
                #expect((byType["initial_purchase"]?["subscription"]["expires_at"].string ?? "~") < renewals[0])
            }
        }
    }

    @Test(.timeLimit(.minutes(5))) func aStripeLifecycleReachesTheReceiverWithItsPrice() async throws {
        try await TestHarness.withReceiver { receiver, url in
            try await TestHarness.run(server: TestHarness.webhookServer, withStripe: true, configureStripe: { $0.checkout?.trialDays = nil }) { harness in
                try await harness.registerEndpoint(url, receiver: receiver)
                let stripe = try #require(harness.stripe)
                let subscriptionID = try await harness.buyOnTheWeb(appUserID: "carol")
                // Two renewals.
                try await harness.advanceStripe(pastPeriodEndOf: subscriptionID, days: 0.1)
                try await harness.advanceStripe(pastPeriodEndOf: subscriptionID, days: 0.1)
                #expect(try await harness.webSubscription("carol")["renewal_count"].int == 2)
                // The card fails at the next renewal: past due, with access while Stripe retries.
                let customerID = try #require(try await harness.stripeCall("GET", "/v1/subscriptions/\(subscriptionID)")["customer"]?.string)
                try await stripe.setCardOutcome(customer: customerID, .fail)
                try await harness.advanceStripe(pastPeriodEndOf: subscriptionID, days: 0.5)
                #expect(try await harness.webSubscription("carol")["state"].string == "grace_period")
                // Cancelled at once: expired.
                try await harness.stripeCall("DELETE", "/v1/subscriptions/\(subscriptionID)")
                await harness.deliverStripeWebhooks()
                #expect(try await harness.webSubscription("carol")["state"].string == "expired")
                try await harness.deliverWebhooks()

                let (feed, bodies) = try await Self.receivedOncePerFeedEvent(receiver, harness)
                let types = feed.map { $0["type"].string ?? "?" }
                #expect(types == ["initial_purchase", "renewal", "renewal", "billing_issue", "grace_period_started", "expiration"], "\(types)")
                #expect(feed.allSatisfy { $0["app_user_id"].string == "carol" })
                let priceID = try #require(harness.stripePriceID)
                for body in bodies {
                    let type = body["type"].string ?? "?"
                    #expect(body["store"].string == "stripe", "\(body)")
                    #expect(body["app_user_id"].string == "carol")
                    #expect(body["subscription"]["product_id"].string == priceID)
                    #expect(body["subscription"]["id"].string == subscriptionID)
                    #expect(body["price"]["amount_minor"].int == 999, "\(type): \(body["price"])")
                    #expect(body["price"]["currency"].string?.lowercased() == "usd", "\(type): \(body["price"])")
                    let expired = type == "expiration"
                    #expect(body["entitlements"]["pro"].isNull == expired, "\(type): \(body["entitlements"])")
                    if !expired { #expect(body["entitlements"]["pro"]["product_id"].string == priceID) }
                }
                let billing = try #require(bodies.first { $0["type"].string == "billing_issue" })
                #expect(!billing["subscription"]["billing_issue_detected_at"].isNull, "\(billing)")
                #expect(billing["subscription"]["status"].string == "grace_period", "\(billing)")
                let grace = try #require(bodies.first { $0["type"].string == "grace_period_started" })
                #expect(!grace["subscription"]["grace_period_expires_at"].isNull, "\(grace)")
                // Each renewal moves the entitlement's expiry a period on.
                let expiries = bodies.prefix(3).map { $0["entitlements"]["pro"]["expires_at"].string ?? "" }
                #expect(expiries.count == 3 && expiries[0] < expiries[1] && expiries[1] < expiries[2], "\(expiries)")
                let last = try #require(bodies.last)
                #expect(last["subscription"]["status"].string == "expired")
                #expect(last["subscription"]["expiration_reason"].string == "voluntary", "\(last)")
                #expect(last["subscription"]["will_renew"].bool == false)
            }
        }
    }

    @Test func aTransferReachesTheReceiverForBothCustomers() async throws {
        try await TestHarness.withReceiver { receiver, url in
            try await TestHarness.run(server: TestHarness.webhookServer) { harness in
                try await harness.registerEndpoint(url, receiver: receiver)
                let purchase = try await harness.simulator.purchase(account: "frank", bundleID: TestHarness.bundleID, productID: "pro.monthly")
                #expect(try await harness.postReceipt(purchase.receiptData, appUserID: "$anonymous:1").status == 200)
                #expect(try await harness.postReceipt(purchase.receiptData, appUserID: "frank@example.com").status == 200)
                try await harness.deliverWebhooks()

                let (feed, bodies) = try await Self.receivedOncePerFeedEvent(receiver, harness)
                #expect(feed.map { "\($0["type"].string ?? "?") \($0["app_user_id"].string ?? "?")" }.sorted() == [
                    "initial_purchase $anonymous:1", "transferred $anonymous:1", "transferred frank@example.com",
                ])
                let transfers = bodies.filter { $0["type"].string == "transferred" }
                #expect(transfers.count == 2)
                for body in transfers {
                    #expect(body["details"]["from_app_user_id"].string == "$anonymous:1", "\(body)")
                    #expect(body["details"]["to_app_user_id"].string == "frank@example.com", "\(body)")
                    #expect(body["store"].string == "app_store")
                    #expect(body["subscription"]["id"].string == purchase.originalTransactionID, "\(body)")
                    #expect(body["subscription"]["product_id"].string == "pro.monthly")
                }
                // The one who lost it holds nothing any more; the one who gained it holds `pro`.
                let from = try #require(transfers.first { $0["app_user_id"].string == "$anonymous:1" })
                let to = try #require(transfers.first { $0["app_user_id"].string == "frank@example.com" })
                #expect(from["entitlements"]["pro"].isNull, "\(from)")
                #expect(to["entitlements"]["pro"]["product_id"].string == "pro.monthly", "\(to)")
                let initial = try #require(bodies.first { $0["type"].string == "initial_purchase" })
                #expect(initial["entitlements"]["pro"]["product_id"].string == "pro.monthly")
            }
        }
    }

    @Test func aLoginThatMergesAnAnonymousIDReachesTheReceiver() async throws {
        let anonymous = "$anonymous:0123456789abcdef0123456789abcdef"
        try await TestHarness.withReceiver { receiver, url in
            try await TestHarness.run(server: TestHarness.webhookServer) { harness in
                try await harness.registerEndpoint(url, receiver: receiver)
                let purchase = try await harness.simulator.purchase(account: "gail", bundleID: TestHarness.bundleID, productID: "pro.monthly")
                #expect(try await harness.postReceipt(purchase.receiptData, appUserID: anonymous).status == 200)
                let login = try await AppUserIDRouteTests.request(
                    harness, .post, "/v1/customers/\(AppUserIDRouteTests.segment(anonymous))/login", json: ["new_app_user_id": "gail"])
                #expect(login.status == 200 && login.body["merged"].bool == true, "\(login.body)")
                try await harness.deliverWebhooks()

                let (feed, bodies) = try await Self.receivedOncePerFeedEvent(receiver, harness)
                #expect(feed.map { $0["type"].string } == ["initial_purchase", "alias_merged"])
                let merged = try #require(bodies.last)
                #expect(merged["type"].string == "alias_merged")
                #expect(merged["app_user_id"].string == "gail", "\(merged)")
                #expect(merged["store"].string == "identity")
                #expect(merged["aliases"].array.map(\.string) == [anonymous], "\(merged)")
                #expect(merged["details"]["alias"].string == anonymous)
                #expect(merged["details"]["app_user_id"].string == "gail")
                #expect(merged["details"]["subscriptions"].string == "1")
                #expect(merged["subscription"].isNull, "an event about the customer, not a subscription")
                #expect(merged["entitlements"]["pro"]["product_id"].string == "pro.monthly", "the merged purchase is the customer's: \(merged)")
                let initial = try #require(bodies.first)
                #expect(initial["app_user_id"].string == anonymous, "sent before the login, under the id it had then")
            }
        }
    }

    @Test func anErasureReachesTheReceiverUnderThePseudonymAndTheIDIsGoneFromTheFeed() async throws {
        let anonymous = "$anonymous:fedcba9876543210fedcba9876543210"
        let erased = "hana@example.com"
        try await TestHarness.withReceiver { receiver, url in
            try await TestHarness.run(server: TestHarness.webhookServer) { harness in
                let endpoint = try await harness.registerEndpoint(url, receiver: receiver)
                let purchase = try await harness.simulator.purchase(account: "hana", bundleID: TestHarness.bundleID, productID: "pro.monthly")
                #expect(try await harness.postReceipt(purchase.receiptData, appUserID: anonymous).status == 200)
                let login = try await AppUserIDRouteTests.request(
                    harness, .post, "/v1/customers/\(AppUserIDRouteTests.segment(anonymous))/login", json: ["new_app_user_id": erased])
                #expect(login.status == 200 && login.body["merged"].bool == true, "\(login.body)")
                try await harness.deliverWebhooks()
                let before = try await harness.feed()
                #expect(before.description.contains(erased) && before.description.contains(anonymous), "the ids are in the feed before")

                let erasure = try await harness.admin(.delete, "/v1/admin/customers/\(AppUserIDRouteTests.segment(erased))")
                #expect(erasure.status == 200 && erasure.body["erased"].bool == true, "\(erasure.body)")
                let pseudonym = try #require(erasure.body["pseudonym"].string)
                #expect(pseudonym.hasPrefix("$erased:"))
                await receiver.clear()
                try await harness.deliverWebhooks()

                // The erasure arrives, under the pseudonym, naming neither id.
                let received = await receiver.deliveries
                #expect(received.count == 1)
                let delivery = try #require(received.first)
                #expect(delivery.signatureValid)
                let body = try delivery.json
                #expect(body["type"].string == "customer_erased")
                #expect(body["app_user_id"].string == pseudonym, "\(body)")
                #expect(body["store"].string == "identity")
                #expect(body["aliases"].array.isEmpty, "\(body)")
                #expect(body["subscription"].isNull)
                #expect(!delivery.body.contains(erased) && !delivery.body.contains(anonymous), "\(delivery.body)")

                // The feed no longer names the erased id or its alias anywhere; its last event is the erasure.
                let feed = try await harness.feed()
                #expect(feed.count == before.count + 1)
                #expect(feed.last?["id"].string == delivery.id)
                #expect(feed.last?["type"].string == "customer_erased")
                #expect(!feed.description.contains(erased), "\(feed)")
                #expect(!feed.description.contains(anonymous), "\(feed)")
                #expect(feed.allSatisfy { $0["app_user_id"].string == pseudonym }, "\(feed.map { $0["app_user_id"] })")

                // What is stored to send again names neither: a replay of everything sends the scrubbed bodies.
                await receiver.clear()
                let replay = try await harness.admin(
                    .post, "/v1/admin/webhooks/\(endpoint.id)/replay", json: ["from": "2020-01-01T00:00:00Z", "to": "2100-01-01T00:00:00Z"])
                #expect(replay.status == 202 && replay.body["count"].int == feed.count, "\(replay.body)")
                try await harness.deliverWebhooks()
                let replayed = await receiver.deliveries
                #expect(replayed.map(\.id) == feed.map { $0["id"].string })
                for delivery in replayed {
                    #expect(!delivery.body.contains(erased), "\(delivery.body)")
                    #expect(!delivery.body.contains(anonymous), "\(delivery.body)")
                    #expect(try delivery.json["app_user_id"].string == pseudonym, "\(delivery.body)")
                }
                let log = try await harness.admin(.get, "/v1/admin/webhooks/\(endpoint.id)/deliveries")
                #expect(!log.body.description.contains(erased) && !log.body.description.contains(anonymous), "\(log.body)")
            }
        }
    }

    @Test func anErasureWaitsForTheCustomersEarlierDeliveryBeingRetried() async throws {
        try await TestHarness.withReceiver { receiver, url in
            try await TestHarness.run(server: TestHarness.webhookServer) { harness in
                try await harness.registerEndpoint(url, receiver: receiver)
                let purchase = try await harness.simulator.purchase(account: "zoe", bundleID: TestHarness.bundleID, productID: "pro.monthly")
                #expect(try await harness.postReceipt(purchase.receiptData, appUserID: "zoe@example.com").status == 200)
                // The purchase's webhook fails once; the receiver asks for 30 seconds.
                try await receiver.setFault(WebhookReceiverFault(kind: .status, status: 503, retryAfter: 30, requests: 1))
                try await harness.deliverWebhooks()
                #expect(await receiver.deliveries.map(\.status) == [503])

                let erasure = try await harness.admin(.delete, "/v1/admin/customers/\(AppUserIDRouteTests.segment("zoe@example.com"))")
                let pseudonym = try #require(erasure.body["pseudonym"].string, "\(erasure.body)")
                try await harness.deliverWebhooks()
                #expect(await receiver.deliveries.count == 1, "the erasure waits for the customer's earlier delivery")

                _ = await harness.simulator.advanceClock(by: .seconds(31))
                try await harness.deliverWebhooks()
                let delivered = await receiver.deliveries.filter { $0.status == 200 }
                let feed = try await harness.feed()
                #expect(feed.map { $0["type"].string } == ["initial_purchase", "customer_erased"])
                #expect(delivered.map(\.id) == feed.map { $0["id"].string }, "in the customer's order")
                #expect(delivered.allSatisfy { $0.signatureValid })
                // The retry sends what is stored now: the erased id is gone from it too.
                let retried = try #require(delivered.first)
                #expect(!retried.body.contains("zoe@example.com"), "\(retried.body)")
                #expect(try retried.json["app_user_id"].string == pseudonym)
            }
        }
    }

    /// Erasing a customer rewrites the places that name them, and nothing else: another customer's stored
    /// bodies and events keep values that merely equal the erased id as text (here a count, "1", in a
    /// merge's details, where the erased customer's id is also "1", as apps with numeric ids have).
    @Test func anErasureRewritesTheErasedIDNotEqualTextElsewhere() async throws {
        let anonymous = "$anonymous:00112233445566778899aabbccddeeff"
        try await TestHarness.withReceiver { receiver, url in
            try await TestHarness.run(server: TestHarness.webhookServer) { harness in
                let endpoint = try await harness.registerEndpoint(url, receiver: receiver)
                let first = try await harness.simulator.purchase(account: "one", bundleID: TestHarness.bundleID, productID: "pro.monthly")
                #expect(try await harness.postReceipt(first.receiptData, appUserID: "1").status == 200)
                let second = try await harness.simulator.purchase(account: "two", bundleID: TestHarness.bundleID, productID: "pro.monthly")
                #expect(try await harness.postReceipt(second.receiptData, appUserID: anonymous).status == 200)
                let login = try await AppUserIDRouteTests.request(
                    harness, .post, "/v1/customers/\(AppUserIDRouteTests.segment(anonymous))/login", json: ["new_app_user_id": "2"])
                #expect(login.status == 200 && login.body["merged"].bool == true, "\(login.body)")
                try await harness.deliverWebhooks()
                let merged = try #require(await receiver.deliveries.last)
                #expect(try merged.json["details"]["subscriptions"].string == "1", "\(merged.body)")

                let erasure = try await harness.admin(.delete, "/v1/admin/customers/1")
                #expect(erasure.status == 200, "\(erasure.body)")
                let pseudonym = try #require(erasure.body["pseudonym"].string)
                try await harness.deliverWebhooks()

                // Customer 2's merge, in the feed and as stored to send again, still says one subscription moved.
                let feed = try await harness.feed()
                let mergeEvent = feed.first { $0["type"].string == "alias_merged" }
                #expect(mergeEvent?["app_user_id"].string == "2")
                #expect(mergeEvent?["details"]["subscriptions"].string == "1", "\(mergeEvent?.description ?? "nil")")
                await receiver.clear()
                let replay = try await harness.admin(
                    .post, "/v1/admin/webhooks/\(endpoint.id)/replay", json: ["from": "2020-01-01T00:00:00Z", "to": "2100-01-01T00:00:00Z"])
                #expect(replay.status == 202, "\(replay.body)")
                try await harness.deliverWebhooks()
                let replayed = await receiver.deliveries
                let mergeAgain = try #require(replayed.first { $0.id == merged.id })
                #expect(mergeAgain.body == merged.body, "a replay sends customer 2's message as it was first sent")
                #expect(try mergeAgain.json["details"]["subscriptions"].string == "1", "\(mergeAgain.body)")
                // Customer 1's own messages do name the pseudonym now.
                let ones = try replayed.filter { try $0.json["app_user_id"].string == pseudonym }
                #expect(ones.map { try? $0.json["type"].string } == ["initial_purchase", "customer_erased"], "\(replayed.map(\.body))")
            }
        }
    }
}
