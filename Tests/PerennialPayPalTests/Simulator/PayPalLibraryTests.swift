import Foundation
import Hummingbird
import HummingbirdTesting
import PerennialPayPalSimulator
import PerennialTesting
import Testing

/// PayPal's own Python SDK (paypal-server-sdk 2.4.0), unchanged but for its base URL, against a live PayPal
/// simulator over HTTP. Skipped, naming why, when Python or the package index is not there.
@Suite struct PayPalLibraryTests {
    static let library = PythonClientEnvironment(requirement: "paypal-server-sdk==2.4.0")
    static let script = Fixtures.repositoryRoot.appendingPathComponent("Tests/Clients/paypal_client.py")

    @Test(.timeLimit(.minutes(5))) func payPalsPythonSDKWorksAgainstTheSimulator() async throws {
        let python = try await Self.library.python()
        let paypal = PayPalSimulatorFixture()
        let router = Router(context: BasicRequestContext.self)
        PayPalSimulatorRoutes.add(to: router, simulator: paypal.simulator)
        let app = Application(router: router, configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let arguments: [String: any Sendable] = [
                "api_base": "http://127.0.0.1:\(client.port ?? 0)", "client_id": PayPalSimulatorFixture.clientID,
                "client_secret": PayPalSimulatorFixture.secret,
            ]
            let outcome = try await ChildProcess(executable: python, arguments: [Self.script.path]).run(
                input: try JSONSerialization.data(withJSONObject: arguments))
            try #require(outcome.status == 0, "the SDK failed: \(outcome.errorText)")
            let seen = try #require(
                (try? JSONSerialization.jsonObject(with: outcome.output)) as? [String: Any], "not JSON: \(String(decoding: outcome.output, as: UTF8.self))")
            #expect((seen["plan_id"] as? String)?.hasPrefix("P-") == true)
            #expect(seen["plan_status"] as? String == "ACTIVE")
            #expect(seen["plan_fetched"] as? String == seen["plan_id"] as? String)
            #expect(seen["created_status"] as? Int == 201)
            #expect(seen["pending_status"] as? String == "APPROVAL_PENDING")
            #expect((seen["approve_link"] as? String)?.contains("/simulator/paypal/approve/I-") == true)
            #expect(seen["idempotent_same_id"] as? Bool == true)
            #expect(seen["status"] as? String == "ACTIVE")
            #expect(seen["custom_id"] as? String == "py-1")
            #expect(seen["failed_payments_count"] as? Int == 0)
            #expect(seen["outstanding"] as? String == "0.00")
            #expect(seen["next_billing_time"] as? String != nil)
            #expect(seen["last_payment"] as? String == "9.99")
            #expect((seen["transactions"] as? [[String]]) == [["COMPLETED", "9.99"]])
            #expect(seen["suspended"] as? String == "SUSPENDED")
            #expect(seen["reactivated"] as? String == "ACTIVE")
            #expect(seen["refund_status"] as? String == "COMPLETED")
            #expect(seen["refunded_transaction"] as? String == "REFUNDED")
            #expect((seen["refund_again"] as? [String: Any])?["status"] as? Int == 422)
            #expect(seen["cancelled"] as? String == "CANCELLED")
            #expect(seen["cancel_note"] as? String == "too dear")
            #expect((seen["missing"] as? [String: Any])?["status"] as? Int == 404)
            #expect((seen["missing"] as? [String: Any])?["name"] as? String == "RESOURCE_NOT_FOUND")
            #expect((seen["cancel_twice"] as? [String: Any])?["status"] as? Int == 422)
            #expect((seen["outage"] as? [String: Any])?["status"] as? Int == 503)
            #expect(seen["after_outage"] as? String == "CANCELLED")
            #expect((seen["wrong_secret"] as? [String: Any])?["status"] as? Int == 401)
        }
        #expect(await paypal.simulator.events.contains { $0.type == "PAYMENT.SALE.REFUNDED" })
    }
}
