import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PerennialAdyen
import PerennialAdyenSimulator
import PerennialCore
import PerennialOutbound
import Testing

/// Perennial against the Adyen simulator, nothing faked: Perennial opens the checkout session, the shopper
/// pays it (the card stored), and from then on Perennial charges every renewal itself on its own schedule,
/// with the stored card, while Adyen's signed webhooks say what happened. A customer's entitlement follows
/// the purchase, a renewal, refused renewals (billing retry), the Account Updater's refreshed card paying the
/// last retry, cancellation at the period's end and a refund; nothing is charged after that.
@Suite struct AdyenLifecycleTests {
    static func subscription(_ harness: TestHarness, _ id: String = "sam") async throws -> JSONObject {
        try await harness.customer(id).body["subscriptions"].array.first { $0["store"].string == "adyen" } ?? JSONObject(nil)
    }

    static func entitlements(_ harness: TestHarness, _ id: String = "sam") async throws -> [String] {
        try await harness.customer(id).body["entitlements"].array.compactMap { $0["identifier"].string }
    }

    @Test func aCustomerLivesThroughEveryTurnOfAnAdyenSubscription() async throws {
        let setup = await AdyenSetup()
        try await TestHarness.run(configureApp: { setup.configure(&$0) }, adyen: setup.adyen.transport) { harness in
            setup.deliveries.attach(harness.client)
            let id = try await setup.buy("sam", harness)
            #expect(try await Self.entitlements(harness) == ["pro"])
            let first = try await Self.subscription(harness)
            #expect(first["subscription_id"].string == id)
            #expect(first["state"].string == "active")
            #expect(first["expires_at"].string == "2026-02-01T00:00:00.000Z")

            // An hour before the month ends, Perennial charges the stored card: entitled for February.
            try await setup.advance(days: 30, hours: 23, harness)
            #expect(await setup.adyen.charges == 2)
            #expect(try await Self.subscription(harness)["renewal_count"].int == 1)
            #expect(try await Self.subscription(harness)["expires_at"].string == "2026-03-01T00:00:00.000Z")

            // The card refuses from now on: March's charge is refused, then its first retry a day after March
            // began. Access ends with what was paid.
            let card = try await setup.card(of: id)
            _ = await setup.adyen.setRefuses(true, method: card)
            try await setup.advance(days: 28, harness)
            #expect(await setup.adyen.charges == 3)
            #expect(try await Self.entitlements(harness) == ["pro"], "February is paid until March begins")
            try await setup.advance(hours: 2, harness)
            #expect(try await Self.entitlements(harness).isEmpty)
            #expect(try await Self.subscription(harness)["state"].string == "billing_retry")
            try await setup.advance(days: 1, harness)
            #expect(await setup.adyen.charges == 4, "the first retry, a day after the period began")

            // The Account Updater refreshes the card: the next retry, three days after March began, pays.
            _ = await setup.adyen.setRefuses(false, method: card)
            try await setup.advance(days: 2, harness)
            #expect(await setup.adyen.charges == 5)
            #expect(try await Self.entitlements(harness) == ["pro"])
            #expect(try await Self.subscription(harness)["state"].string == "active")

            // The customer cancels through the team's backend: entitled until April, renewing no more.
            let cancelled = try await AppUserIDRouteTests.request(
                harness, .post, "/v1/customers/sam/adyen/subscriptions/\(id)/cancel", key: TestHarness.secretKey)
            #expect(cancelled.status == 200, "\(cancelled.body)")
            #expect(cancelled.body["will_renew"].bool == false)
            #expect(try await Self.entitlements(harness) == ["pro"])
            #expect(try await harness.eventTypes("sam").last == "auto_renew_disabled")

            // March's payment is refunded: nothing is left, and nothing more is charged.
            let psp = try #require(await setup.adyen.payment(merchantReference: "\(id):2:2"))
            let refund = try await setup.adyen.transport.send(HTTPTransportRequest(
                method: "POST", url: "http://adyen.test/v71/payments/\(psp)/refunds",
                headers: [HTTPTransportHeader(name: "x-api-key", value: AdyenSetup.apiKey), HTTPTransportHeader(name: "Content-Type", value: "application/json")],
                body: Array(#"{"merchantAccount":"PerennialECOM","amount":{"value":999,"currency":"EUR"}}"#.utf8), timeout: .seconds(5)))
            #expect(refund.status == 201)
            await setup.adyen.deliverDue()
            #expect(try await Self.entitlements(harness).isEmpty)
            let resumed = try await AppUserIDRouteTests.request(
                harness, .post, "/v1/customers/sam/adyen/subscriptions/\(id)/resume", key: TestHarness.secretKey)
            #expect(resumed.status == 409, "a refunded subscription renews no more")
            #expect(resumed.body["error"]["code"].string == "adyen_subscription_ended")
            try await setup.advance(days: 40, harness)
            #expect(await setup.adyen.charges == 5)

            let events = try await harness.eventTypes("sam")
            for kind in ["initial_purchase", "renewal", "billing_issue", "billing_recovered", "revocation"] {
                #expect(events.contains(kind), "\(kind) in \(events)")
            }
            let statuses = await setup.adyen.attempts.map(\.status)
            #expect(!statuses.isEmpty && statuses.allSatisfy { $0 == 200 }, "every webhook verified and accepted: \(statuses)")
        }
    }

    /// Every refusal is retried on the schedule; after the last, the subscription lapses for billing and no
    /// further charge is made.
    @Test func aCardThatNeverPaysLapsesAfterTheLastRetry() async throws {
        let setup = await AdyenSetup()
        try await TestHarness.run(configureApp: { setup.configure(&$0) }, adyen: setup.adyen.transport) { harness in
            setup.deliveries.attach(harness.client)
            let id = try await setup.buy("sam", harness)
            _ = await setup.adyen.setRefuses(true, method: try await setup.card(of: id))
            for _ in 0..<14 { try await setup.advance(days: 3, harness) }
            #expect(await setup.adyen.charges == 5, "the checkout, then the renewal and its three retries")
            let subscription = try await Self.subscription(harness)
            #expect(subscription["state"].string == "expired")
            #expect(subscription["expiration_reason"].string == "billing_error")
            #expect(try await Self.entitlements(harness).isEmpty)
        }
    }
}
