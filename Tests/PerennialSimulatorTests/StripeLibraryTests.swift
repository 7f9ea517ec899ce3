import Foundation
import Hummingbird
import HummingbirdTesting
import PerennialCore
import PerennialSimulator
import PerennialTesting
import Testing

/// Stripe's own Python library (stripe 16.1.0), unchanged but for its API base, against a live Stripe
/// simulator. Skipped, naming why, when Python or the package index is not there.
@Suite struct StripeLibraryTests {
    static let library = PythonClientEnvironment(requirement: "stripe==16.1.0")
    static let script = Fixtures.repositoryRoot.appendingPathComponent("Tests/Clients/stripe_client.py")

    @Test(.timeLimit(.minutes(5))) func stripePythonLibraryWorksAgainstTheSimulator() async throws {
        let python = try await Self.library.python()
        // The signature's `t` is simulator time, and the library checks it against the wall clock (5 minutes).
        let now = Int64(Date().timeIntervalSince1970)
        let clock = SimulatorClock(start: Instant(milliseconds: now * 1000), rate: 0)
        let stripe = StripeSimulator(secretKey: "sk_test_python", clock: clock)
        let sender = StripeRecordingSender()
        await stripe.setWebhookSender(sender)
        let secret = await stripe.setWebhookEndpoint(url: "http://backend.test/stripe/webhooks")
        let router = Router(context: BasicRequestContext.self)
        SimulatorServer.addStripeRoutes(to: router, stripe: stripe)
        let app = Application(router: router, configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let arguments: [String: any Sendable] = [
                "api_base": "http://127.0.0.1:\(client.port ?? 0)", "api_key": "sk_test_python", "frozen_time": Int(now),
                "webhook_secret": secret,
            ]
            let outcome = try await ChildProcess(executable: python, arguments: [Self.script.path]).run(
                input: try JSONSerialization.data(withJSONObject: arguments))
            try #require(outcome.status == 0, "the client failed: \(outcome.errorText)")
            let seen = try #require(StripeSimulatedJSON.parse(outcome.output), "not JSON: \(String(decoding: outcome.output, as: UTF8.self))")
            #expect(seen["created_status"]?.string == "trialing")
            #expect(seen["trial_invoice_amount_due"]?.int == 0)
            #expect(seen["period_end"]?.int == now + 7 * 86_400)
            #expect(seen["cancel_at_period_end"]?.bool == true)
            #expect(seen["metadata"]?["plan"]?.string == "pro")
            #expect(seen["clock_status"]?.string == "ready")
            #expect(seen["clock_frozen_time"]?.int == now + 8 * 86_400)
            #expect(seen["after_status"]?.string == "active")
            #expect(seen["invoice_status"]?.string == "paid")
            #expect(seen["invoice_amount_paid"]?.int == 999)
            #expect(seen["invoice_billing_reason"]?.string == "subscription_cycle")
            #expect(seen["invoice_subscription"]?.string == seen["subscription_id"]?.string)
            #expect(seen["charge_status"]?.string == "succeeded")
            #expect(seen["refund_amount"]?.int == 100)
            #expect(seen["charge_amount_refunded"]?.int == 100)
            #expect(seen["listed"]?.array?.compactMap(\.string) == [seen["subscription_id"]?.string].compactMap { $0 })
            #expect(seen["canceled_status"]?.string == "canceled")
            #expect(seen["canceled_reason"]?.string == "cancellation_requested")
            #expect(seen["session_status"]?.string == "open")
            #expect(seen["session_url"]?.string?.contains("/simulator/stripe/checkout/cs_test_") == true)
            #expect(seen["session_completed_status"]?.string == "complete")
            #expect(seen["session_subscription_metadata"]?["app_user_id"]?.string == "py-2")
            #expect(seen["session_customer_email"]?.string == "new@example.com")
            #expect(seen["missing"]?["status"]?.int == 404)
            #expect(seen["missing"]?["code"]?.string == "resource_missing")
            #expect(seen["missing"]?["request_id"]?.string?.hasPrefix("req_") == true)
            #expect(seen["declined"]?["status"]?.int == 402)
            #expect(seen["declined"]?["code"]?.string == "card_declined")
            #expect(seen["unauthorized"]?.int == 401)
            #expect(seen["idempotent_same_id"]?.bool == true)
            #expect(seen["idempotency_error"]?.int == 400)
            #expect(seen["retried_through_fault"]?.bool == true)
            #expect(seen["rate_limited"]?.int == 429)
            #expect(seen["webhook_type"]?.string == "checkout.session.completed")
            #expect(seen["webhook_session"]?.string == seen["session_id"]?.string)
            #expect(seen["tampered_rejected"]?.bool == true)
        }
        #expect(!sender.posts.isEmpty)
    }
}
