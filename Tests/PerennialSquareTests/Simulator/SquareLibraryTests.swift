import Foundation
import Hummingbird
import HummingbirdTesting
import PerennialSquareSimulator
import PerennialTesting
import Testing

/// Square's own Python SDK (squareup 46.0.0.20260916), unchanged but for its base URL, against a live Square
/// simulator over HTTP; its webhook helper verifies a delivery the simulator signed. Skipped, naming why,
/// when Python or the package index is not there.
@Suite struct SquareLibraryTests {
    static let library = PythonClientEnvironment(requirement: "squareup==46.0.0.20260916")
    static let script = Fixtures.repositoryRoot.appendingPathComponent("Tests/Clients/square_client.py")

    @Test(.timeLimit(.minutes(5))) func squaresPythonSDKWorksAgainstTheSimulator() async throws {
        let python = try await Self.library.python()
        let square = SquareSimulatorFixture()
        let key = await square.simulator.registerWebhook(url: SquareSimulatorFixture.hook)
        let plan = try await square.simulator.makePlan(name: "Pro", priceMinorUnits: 999)
        _ = try await square.simulator.subscribe(planVariationID: plan, referenceID: "sam")
        let delivery = try #require(square.webhooks.deliveries.first)
        let signature = try #require(delivery.headers.first { $0.name == "x-square-hmacsha256-signature" }?.value)

        let router = Router(context: BasicRequestContext.self)
        SquareSimulatorRoutes.add(to: router, simulator: square.simulator)
        let app = Application(router: router, configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let arguments: [String: any Sendable] = [
                "base_url": "http://127.0.0.1:\(client.port ?? 0)", "token": SquareSimulatorFixture.token, "location_id": square.simulator.locationID,
                "delivery": ["body": String(decoding: delivery.body, as: UTF8.self), "signature": signature, "url": SquareSimulatorFixture.hook, "key": key],
            ]
            let outcome = try await ChildProcess(executable: python, arguments: [Self.script.path]).run(
                input: try JSONSerialization.data(withJSONObject: arguments))
            try #require(outcome.status == 0, "the SDK failed: \(outcome.errorText)")
            let seen = try #require(
                (try? JSONSerialization.jsonObject(with: outcome.output)) as? [String: Any], "not JSON: \(String(decoding: outcome.output, as: UTF8.self))")
            #expect(seen["locations"] as? [String] == [square.simulator.locationID])
            #expect(seen["id_mapping"] as? String == "#pro-monthly")
            #expect(seen["fetched_phases"] as? Int == 1)
            #expect((seen["declined_card"] as? [String: Any])?["code"] as? String == "CARD_DECLINED")
            #expect(seen["idempotent_same_id"] as? Bool == true)
            #expect(seen["status"] as? String == "ACTIVE")
            #expect(seen["charged_through_date"] as? String == "2026-04-01")
            #expect(seen["invoice_status"] as? String == "PAID")
            #expect(seen["invoice_subscription"] as? Bool == true)
            #expect(seen["invoice_amount"] as? Int == 999)
            #expect(seen["pause_actions"] as? [String] == ["PAUSE", "RESUME"])
            #expect(seen["actions_listed"] as? [String] == ["PAUSE", "RESUME"])
            #expect(seen["actions_after_delete"] is NSNull)
            #expect(seen["refund_status"] as? String == "COMPLETED")
            #expect(seen["refunded_invoice"] as? String == "REFUNDED")
            #expect((seen["refund_again"] as? [String: Any])?["status"] as? Int == 400)
            #expect(seen["canceled_date"] as? String == "2026-04-01")
            #expect(seen["cancel_actions"] as? [String] == ["CANCEL"])
            #expect(seen["status_after_cancel"] as? String == "ACTIVE", "a cancellation waits for the period's end")
            #expect(seen["webhook_signature_key"] as? Bool == true)
            #expect(seen["delivery_verified"] as? Bool == true)
            #expect(seen["tampered_rejected"] as? Bool == true)
            #expect((seen["missing"] as? [String: Any])?["status"] as? Int == 404)
            #expect((seen["missing"] as? [String: Any])?["code"] as? String == "NOT_FOUND")
            #expect(seen["retried_through_outage"] as? String == "ACTIVE")
            #expect((seen["outage"] as? [String: Any])?["status"] as? Int == 503)
            #expect(seen["after_outage"] as? String == "ACTIVE")
            #expect((seen["wrong_token"] as? [String: Any])?["status"] as? Int == 401)
        }
    }
}
