import Foundation
import HTTPTypes
import NIOCore
import PerennialSimulator
import Testing

/// What the Stripe tests do through the harness: call the simulator as Stripe's libraries do, let simulated
/// time pass, and read the customer Perennial shows.
extension TestHarness {
    /// One Stripe API call on the simulator; its JSON, which must come with a 200. A change happens a second
    /// after what came before it (the simulator delivers due webhooks as it answers, and Perennial dates
    /// what it reads by its clock: see `deliverStripeWebhooks`).
    @discardableResult
    func stripeCall(_ method: String, _ path: String, _ pairs: [(String, String)] = []) async throws -> StripeSimulatedJSON {
        if method != "GET" { _ = await simulator.advanceClock(by: .seconds(1)) }
        return try await Self.callStripe(try #require(stripe), method, path, pairs)
    }

    /// Starts a web purchase through Perennial (`POST /v1/stripe/checkout-sessions`) and completes it as the
    /// customer paying would; the subscription's id.
    func buyOnTheWeb(appUserID: String) async throws -> String {
        let session = try await AppUserIDRouteTests.request(
            self, .post, "/v1/stripe/checkout-sessions", json: ["app_user_id": appUserID, "product_id": stripePriceID ?? ""])
        #expect(session.status == 200, "\(session.body)")
        let id = try #require(session.body["id"].string)
        let completed = try await #require(stripe).completeCheckoutSession(id)
        await deliverStripeWebhooks()
        return try #require(completed["subscription"]?.string ?? completed["subscription"]?["id"]?.string)
    }

    /// Moves simulated time forward and lets Stripe act on it (renewals, retries), then delivers its webhooks.
    func advanceStripe(days: Double) async {
        _ = await simulator.advanceClock(by: .seconds(days * 86_400))
        await stripe?.tick()
        await deliverStripeWebhooks()
    }

    /// Moves simulated time to `days` after the end of the subscription's current period (as Stripe's
    /// subscription item says), and lets Stripe act on it.
    func advanceStripe(pastPeriodEndOf subscriptionID: String, days: Double) async throws {
        let subscription = try await stripeCall("GET", "/v1/subscriptions/\(subscriptionID)")
        let end = try #require(subscription["items"]?["data"]?.array?.first?["current_period_end"]?.int)
        let seconds = Double(end * 1000 - simulator.clock.now().milliseconds) / 1000 + days * 86_400
        await advanceStripe(days: max(0, seconds) / 86_400)
    }

    /// Delivers the Stripe webhooks due, as Stripe would, a second of simulated time after what caused them:
    /// Perennial dates what it reads from Stripe's API by its clock, and two reads at one frozen instant would
    /// be two observations of the same millisecond.
    func deliverStripeWebhooks() async {
        _ = await simulator.advanceClock(by: .seconds(1))
        await stripe?.deliverDue()
    }

    /// The customer's subscription in the web store, as the app reads it.
    func webSubscription(_ appUserID: String) async throws -> JSONObject {
        let customer = try await self.customer(appUserID).body
        return try #require(customer["subscriptions"].array.first { $0["store"].string == "stripe" }, "\(customer)")
    }

    /// Posts a webhook body with a `Stripe-Signature` to Perennial; the status.
    func postStripeWebhook(_ body: Data, signature: String?) async throws -> Int {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let signature, let name = HTTPField.Name("Stripe-Signature") { headers[name] = signature }
        return try await client.execute(uri: "/v1/stripe/webhooks/forest", method: .post, headers: headers, body: ByteBuffer(bytes: body)) {
            Int($0.status.code)
        }
    }
}
