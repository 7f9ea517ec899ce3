import Crypto
import Foundation
import PerennialSimulator
import Testing

/// Webhooks: Stripe's signature, checked with an independent HMAC; secret rolls; retries on simulated time.
@Suite struct StripeWebhookTests {
    /// `t` and the `v1` values of a `Stripe-Signature` header.
    static func parse(_ header: String) -> (t: String, v1: [String]) {
        var timestamp = ""
        var signatures: [String] = []
        for part in header.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { continue }
            if pair[0] == "t" { timestamp = pair[1] }
            if pair[0] == "v1" { signatures.append(pair[1]) }
        }
        return (timestamp, signatures)
    }

    static func hmac(_ secret: String, _ timestamp: String, _ body: Data) -> String {
        var message = Data((timestamp + ".").utf8)
        message.append(body)
        return Data(HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: Data(secret.utf8))))
            .map { String(format: "%02x", $0) }.joined()
    }

    @Test func deliveredEventsAreSignedAsStripeSignsThem() async throws {
        let fixture = await StripeFixture()
        let secret = await fixture.stripe.setWebhookEndpoint(url: "http://backend.test/stripe", secret: "whsec_fixture")
        _ = try await fixture.ok("POST", "/v1/customers", [("email", "f@example.com")])
        let post = try #require(fixture.sender.posts.first)
        #expect(post.url == "http://backend.test/stripe")
        #expect(post.headers["Content-Type"]?.hasPrefix("application/json") == true)
        let (timestamp, signatures) = Self.parse(try #require(post.headers["Stripe-Signature"]))
        #expect(timestamp == String(StripeFixture.start))
        #expect(signatures == [Self.hmac(secret, timestamp, post.body)])
        let event = try #require(StripeSimulatedJSON.parse(post.body))
        #expect(event["object"]?.string == "event")
        #expect(event["type"]?.string == "customer.created")
        #expect(event["livemode"]?.bool == false)
        #expect(await fixture.stripe.webhookAttempts().first?.delivered == true)

        let rolled = try #require(await fixture.stripe.rollWebhookSecret(overlapSeconds: 3_600))
        _ = try await fixture.ok("POST", "/v1/customers", [("email", "g@example.com")])
        let second = try #require(fixture.sender.posts.last)
        let (t2, both) = Self.parse(try #require(second.headers["Stripe-Signature"]))
        #expect(both == [Self.hmac(rolled, t2, second.body), Self.hmac(secret, t2, second.body)])
        fixture.clock.advance(by: .seconds(3_601))
        _ = try await fixture.ok("POST", "/v1/customers", [("email", "h@example.com")])
        #expect(Self.parse(try #require(fixture.sender.posts.last?.headers["Stripe-Signature"])).v1.count == 1)
    }

    @Test func failedDeliveriesAreRetriedWithBackoffForThreeDays() async throws {
        let fixture = await StripeFixture()
        fixture.sender.answer(500)
        await fixture.stripe.setWebhookEndpoint(url: "http://backend.test/stripe")
        _ = try await fixture.ok("POST", "/v1/customers", [("email", "i@example.com")])
        #expect(fixture.sender.posts.count == 1)
        await fixture.stripe.deliverDue()
        #expect(fixture.sender.posts.count == 1)
        for _ in 0..<(4 * 24 * 6) {
            fixture.clock.advance(by: .seconds(600))
            await fixture.stripe.deliverDue()
        }
        let attempts = await fixture.stripe.webhookAttempts()
        let times = attempts.map { $0.attemptedAt - StripeFixture.start }
        #expect(Array(times.prefix(3)) == [0, 600, 1_200])
        #expect(attempts.last.map { $0.attemptedAt - StripeFixture.start <= 3 * 86_400 } == true)
        #expect(attempts.last?.nextAttemptAt == nil)
        #expect(attempts.allSatisfy { !$0.delivered })
        #expect(await fixture.stripe.pendingWebhookCount() == 0)
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
        #expect(gaps.max() ?? 0 <= 6 * 3_600 + 600)
        fixture.sender.answer(204)
        _ = try await fixture.ok("POST", "/v1/customers", [("email", "j@example.com")])
        #expect(await fixture.stripe.webhookAttempts().last?.delivered == true)
    }

    @Test func retryDelaysGrowOnTheSimulatorClock() async throws {
        let fixture = await StripeFixture()
        fixture.sender.answer(nil)
        await fixture.stripe.setWebhookEndpoint(url: "http://backend.test/stripe")
        _ = try await fixture.ok("POST", "/v1/customers", [("email", "k@example.com")])
        for _ in 0..<4 {
            let next = try #require(await fixture.stripe.webhookAttempts().last?.nextAttemptAt)
            fixture.clock.advance(by: .seconds(next - fixture.clock.now().milliseconds / 1000))
            await fixture.stripe.deliverDue()
        }
        let times = await fixture.stripe.webhookAttempts().map { $0.attemptedAt - StripeFixture.start }
        #expect(times == [0, 60, 300, 1_260, 5_100])
    }
}
