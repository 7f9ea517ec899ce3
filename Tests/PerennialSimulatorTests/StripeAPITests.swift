import Foundation
import PerennialSimulator
import Testing

/// The API's envelope: the secret key, errors, idempotency keys, lists, expansion, faults.
@Suite struct StripeAPITests {
    @Test func wrongKeyIs401AndEveryAnswerHasARequestID() async throws {
        let fixture = await StripeFixture()
        let answer = await fixture.stripe.handle(StripeSimulatedRequest(method: "GET", path: "/v1/customers", authorization: "Bearer sk_test_wrong"))
        #expect(answer.status == 401)
        #expect(answer.json["error"]?["type"]?.string == "invalid_request_error")
        #expect(answer.headers["Request-Id"]?.hasPrefix("req_") == true)
        let missing = await fixture.call("GET", "/v1/customers/cus_nobody")
        #expect(missing.status == 404)
        #expect(missing.json["error"]?["code"]?.string == "resource_missing")
        #expect(missing.json["error"]?["param"]?.string == "id")
        let invalid = await fixture.call("POST", "/v1/subscriptions", [("items[0][price]", "price_x")])
        #expect(invalid.status == 400)
        #expect(invalid.json["error"]?["param"]?.string == "customer")
    }

    @Test func idempotencyKeyReplaysOrRefuses() async throws {
        let fixture = await StripeFixture()
        let first = await fixture.call("POST", "/v1/customers", [("email", "a@example.com")], idempotencyKey: "key-1")
        let replay = await fixture.call("POST", "/v1/customers", [("email", "a@example.com")], idempotencyKey: "key-1")
        #expect(first.status == 200)
        #expect(replay.body == first.body)
        #expect(replay.headers["Idempotent-Replayed"] == "true")
        #expect(first.headers["Idempotent-Replayed"] == nil)
        let list = try await fixture.ok("GET", "/v1/customers")
        #expect(list["data"]?.array?.count == 1)
        let misuse = await fixture.call("POST", "/v1/customers", [("email", "b@example.com")], idempotencyKey: "key-1")
        #expect(misuse.status == 400)
        #expect(misuse.json["error"]?["type"]?.string == "idempotency_error")
    }

    @Test func faultsEndByCountOrBySimulatedTime() async throws {
        let fixture = await StripeFixture()
        try await fixture.stripe.addFault(.rateLimit, requests: 2, shouldRetry: false)
        for _ in 0..<2 {
            let limited = await fixture.call("GET", "/v1/customers")
            #expect(limited.status == 429)
            #expect(limited.headers["Stripe-Should-Retry"] == "false")
        }
        #expect(await fixture.call("GET", "/v1/customers").status == 200)
        try await fixture.stripe.addFault(.apiError, seconds: 60, shouldRetry: true)
        let failed = await fixture.call("GET", "/v1/customers")
        #expect(failed.status == 500)
        #expect(failed.json["error"]?["type"]?.string == "api_error")
        #expect(failed.headers["Stripe-Should-Retry"] == "true")
        fixture.clock.advance(by: .seconds(61))
        #expect(await fixture.call("GET", "/v1/customers").status == 200)
        try await fixture.stripe.addFault(.unavailable, requests: 1)
        #expect(await fixture.call("GET", "/v1/customers").status == 503)
        let held = ContinuousClock.now
        try await fixture.stripe.addFault(.timeout(seconds: 0.3), requests: 1)
        #expect(await fixture.call("GET", "/v1/customers").status == 200)
        #expect(ContinuousClock.now - held >= .milliseconds(250))
        #expect(await fixture.stripe.faults().isEmpty)
    }

    @Test func listsPageNewestFirst() async throws {
        let fixture = await StripeFixture()
        var ids: [String] = []
        for index in 0..<5 {
            ids.append(try #require(try await fixture.ok("POST", "/v1/customers", [("email", "c\(index)@example.com")])["id"]?.string))
        }
        let first = try await fixture.ok("GET", "/v1/customers", [("limit", "2")])
        #expect(first["object"]?.string == "list")
        #expect(first["url"]?.string == "/v1/customers")
        #expect(first["has_more"]?.bool == true)
        #expect(first["data"]?.array?.compactMap { $0["id"]?.string } == [ids[4], ids[3]])
        let second = try await fixture.ok("GET", "/v1/customers", [("limit", "2"), ("starting_after", ids[3])])
        #expect(second["data"]?.array?.compactMap { $0["id"]?.string } == [ids[2], ids[1]])
        let last = try await fixture.ok("GET", "/v1/customers", [("limit", "2"), ("starting_after", ids[1])])
        #expect(last["has_more"]?.bool == false)
        let before = try await fixture.ok("GET", "/v1/customers", [("limit", "2"), ("ending_before", ids[1])])
        #expect(before["data"]?.array?.compactMap { $0["id"]?.string } == [ids[3], ids[2]])
    }

    @Test func checkoutSessionCompletesIntoASubscription() async throws {
        let fixture = await StripeFixture()
        let price = try await fixture.monthlyPrice(999)
        let session = try await fixture.ok("POST", "/v1/checkout/sessions", [
            ("mode", "subscription"), ("line_items[0][price]", price), ("line_items[0][quantity]", "1"),
            ("customer_email", "dee@example.com"), ("client_reference_id", "user-7"), ("success_url", "https://example.com/ok"),
            ("cancel_url", "https://example.com/no"), ("subscription_data[trial_period_days]", "7"),
            ("subscription_data[metadata][app_user_id]", "user-7"), ("metadata[campaign]", "spring"),
        ])
        let id = try #require(session["id"]?.string)
        #expect(id.hasPrefix("cs_test_"))
        #expect(session["status"]?.string == "open")
        #expect(session["url"]?.string?.contains("/simulator/stripe/checkout/\(id)") == true)
        try await fixture.stripe.completeCheckoutSession(id)
        let completed = try await fixture.ok("GET", "/v1/checkout/sessions/\(id)", [("expand[]", "subscription"), ("expand[]", "customer")])
        #expect(completed["status"]?.string == "complete")
        #expect(completed["client_reference_id"]?.string == "user-7")
        #expect(completed["customer"]?["email"]?.string == "dee@example.com")
        #expect(completed["subscription"]?["status"]?.string == "trialing")
        #expect(completed["subscription"]?["metadata"]?["app_user_id"]?.string == "user-7")
        let types = await fixture.eventTypes()
        let created = try #require(types.firstIndex(of: "customer.subscription.created"))
        let done = try #require(types.firstIndex(of: "checkout.session.completed"))
        #expect(types.first == "product.created" && types.contains("customer.created") && created < done)
        let portal = try await fixture.ok("POST", "/v1/billing_portal/sessions", [
            ("customer", completed["customer"]?["id"]?.string ?? ""), ("return_url", "https://example.com/account"),
        ])
        #expect(portal["object"]?.string == "billing_portal.session")
        #expect(portal["return_url"]?.string == "https://example.com/account")
    }

    @Test func eventsAreListedAndRetrieved() async throws {
        let fixture = await StripeFixture()
        _ = try await fixture.ok("POST", "/v1/customers", [("email", "e@example.com")])
        let listed = try await fixture.ok("GET", "/v1/events", [("type", "customer.*")])
        let event = try #require(listed["data"]?.array?.first)
        #expect(event["type"]?.string == "customer.created")
        #expect(event["api_version"]?.string == StripeSimulator.apiVersion)
        #expect(event["data"]?["object"]?["email"]?.string == "e@example.com")
        #expect(event["request"]?["id"]?.string?.hasPrefix("req_") == true)
        let id = try #require(event["id"]?.string)
        #expect(try await fixture.ok("GET", "/v1/events/\(id)")["id"]?.string == id)
    }
}
