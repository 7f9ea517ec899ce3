import Foundation
import PerennialStripe
import PerennialTesting
import Testing

/// Stripe's webhooks as an attacker would send them: forged, stale, replayed, altered, or truthful in form
/// but lying about the subscription. Each is refused with a 4xx and stores nothing, or grants nothing.
@Suite("Stripe webhook security")
struct StripeWebhookSecurityTests {
    static func event(_ id: String, subscription: String, status: String = "active") -> Data {
        Data(#"{"id":"\#(id)","object":"event","type":"customer.subscription.updated","created":1767225600,"livemode":false,"api_version":"2026-10-28.endive","data":{"object":{"id":"\#(subscription)","object":"subscription","status":"\#(status)"}}}"#.utf8)
    }

    /// The number of notifications Perennial stored.
    static func stored(_ harness: TestHarness) async throws -> Int {
        try await AppUserIDRouteTests.request(harness, .get, "/v1/admin/notifications?limit=1000", key: TestHarness.secretKey)
            .body["notifications"].array.count
    }

    /// Unix seconds on the harness's clock.
    static func now(_ harness: TestHarness) -> Int64 { harness.clock.now().milliseconds / 1000 }

    @Test func forgedStaleFutureAlteredAndUnsignedWebhooksAreRefusedAndStoreNothing() async throws {
        try await TestHarness.run(withStripe: true) { harness in
            let body = Self.event("evt_attack_1", subscription: "sub_nobody")
            let now = Self.now(harness)
            let secret = TestHarness.stripeWebhookSecret
            let cases: [(String, Data, String?)] = [
                ("forged", body, StripeWebhookSignature.header(payload: Array(body), secret: "whsec_not_the_app", timestamp: now)),
                ("stale", body, StripeWebhookSignature.header(payload: Array(body), secret: secret, timestamp: now - 301)),
                ("from the future", body, StripeWebhookSignature.header(payload: Array(body), secret: secret, timestamp: now + 301)),
                ("altered", Self.event("evt_attack_1", subscription: "sub_someone_else"),
                 StripeWebhookSignature.header(payload: Array(body), secret: secret, timestamp: now)),
                ("unsigned", body, nil),
                ("malformed", body, "t=abc,v1=zz"),
            ]
            for (name, payload, signature) in cases {
                let status = try await harness.postStripeWebhook(payload, signature: signature)
                #expect(status == 401, "\(name): \(status)")
            }
            #expect(try await Self.stored(harness) == 0)
        }
    }

    @Test func aReplayedWebhookIsStoredOnceAndAnOldReplayIsRefused() async throws {
        try await TestHarness.run(withStripe: true) { harness in
            let subscription = try await harness.buyOnTheWeb(appUserID: "gina")
            let before = try await Self.stored(harness)
            let body = Self.event("evt_replayed", subscription: subscription, status: "trialing")
            let signature = StripeWebhookSignature.header(payload: Array(body), secret: TestHarness.stripeWebhookSecret, timestamp: Self.now(harness))
            #expect(try await harness.postStripeWebhook(body, signature: signature) == 200)
            #expect(try await harness.postStripeWebhook(body, signature: signature) == 200)
            #expect(try await Self.stored(harness) == before + 1)
            // The same request captured and sent again later, past the tolerance.
            _ = await harness.simulator.advanceClock(by: .seconds(301))
            #expect(try await harness.postStripeWebhook(body, signature: signature) == 401)
            #expect(try await Self.stored(harness) == before + 1)
        }
    }

    @Test func aWebhookClaimingActiveForACanceledSubscriptionGrantsNothing() async throws {
        try await TestHarness.run(withStripe: true) { harness in
            let subscription = try await harness.buyOnTheWeb(appUserID: "hana")
            try await harness.stripeCall("DELETE", "/v1/subscriptions/\(subscription)")
            await harness.deliverStripeWebhooks()
            #expect(try await harness.customer("hana").body["entitlements"].array.isEmpty)
            // Correctly signed (a leaked secret, a confused sender), but its copy of the object lies.
            let body = Self.event("evt_liar", subscription: subscription, status: "active")
            let signature = StripeWebhookSignature.header(payload: Array(body), secret: TestHarness.stripeWebhookSecret, timestamp: Self.now(harness))
            #expect(try await harness.postStripeWebhook(body, signature: signature) == 200)
            let web = try await harness.webSubscription("hana")
            #expect(web["state"].string == "expired", "\(web)")
            #expect(try await harness.customer("hana").body["entitlements"].array.isEmpty)
        }
    }

    @Test func eventsSignedByStripesOwnLibraryAreAccepted() async throws {
        let python = try await PythonClientEnvironment(requirement: "stripe==16.1.0").python()
        try await TestHarness.run(withStripe: true) { harness in
            let subscription = try await harness.buyOnTheWeb(appUserID: "ivan")
            let payloads = (1...2).map { String(decoding: Self.event("evt_python_\($0)", subscription: subscription, status: "trialing"), as: UTF8.self) }
            let request = try JSONSerialization.data(withJSONObject: [
                "secret": TestHarness.stripeWebhookSecret, "timestamp": Self.now(harness), "payloads": payloads,
            ])
            let script = Fixtures.repositoryRoot.appendingPathComponent("Tests/Clients/stripe_sign_events.py")
            let outcome = try await ChildProcess(executable: python, arguments: [script.path]).run(input: request)
            try #require(outcome.status == 0, "\(outcome.errorText)")
            let headers = try #require(try JSONSerialization.jsonObject(with: outcome.output) as? [String])
            for (payload, header) in zip(payloads, headers) {
                #expect(try await harness.postStripeWebhook(Data(payload.utf8), signature: header) == 200)
            }
            // A header the library made for another secret is refused.
            #expect(try await harness.postStripeWebhook(Data(payloads[0].utf8), signature: headers[0].replacingOccurrences(of: "v1=", with: "v1=00")) == 401)
            #expect(try await harness.webSubscription("ivan")["state"].string == "trial")
        }
    }
}
