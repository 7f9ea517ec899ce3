import Foundation
import Hummingbird
import HummingbirdTesting
import PerennialAdyen
import PerennialAdyenSimulator
import PerennialTesting
import Testing

/// Adyen's own Python library (Adyen 16.0.0), unchanged but for each service's base URL, against a live
/// Adyen simulator over HTTP; its own HMAC check accepts a notification the simulator signed. Skipped,
/// naming why, when Python or the package index is not there.
@Suite struct AdyenLibraryTests {
    static let library = PythonClientEnvironment(requirement: "Adyen==16.0.0")
    static let script = Fixtures.repositoryRoot.appendingPathComponent("Tests/Clients/adyen_client.py")

    @Test(.timeLimit(.minutes(5))) func adyensPythonLibraryWorksAgainstTheSimulator() async throws {
        let python = try await Self.library.python()
        let fixture = await AdyenSimulatorTests.Fixture()
        _ = try await fixture.subscribe("sub_0", shopper: "someone")
        let delivery = try #require(fixture.webhooks.deliveries.last)
        let notification = Data(delivery.body)

        let router = Router(context: BasicRequestContext.self)
        AdyenSimulatorRoutes.add(to: router, simulator: fixture.adyen)
        let app = Application(router: router, configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let arguments: [String: Any] = [
                "base_url": "http://127.0.0.1:\(client.port ?? 0)", "api_key": "AQE-key", "merchant_account": "PerennialECOM",
                "hmac_key": AdyenSimulatorTests.key, "notification": try JSONSerialization.jsonObject(with: notification),
            ]
            let outcome = try await ChildProcess(executable: python, arguments: [Self.script.path]).run(
                input: try JSONSerialization.data(withJSONObject: arguments))
            try #require(outcome.status == 0, "the library failed: \(outcome.errorText)")
            let seen = try #require(
                (try? JSONSerialization.jsonObject(with: outcome.output)) as? [String: Any], "not JSON: \(String(decoding: outcome.output, as: UTF8.self))")
            #expect(seen["session_has_data"] as? Bool == true)
            #expect(seen["stored_methods"] as? Int == 1)
            #expect(seen["renewal_result"] as? String == "Authorised")
            #expect(seen["same_psp_for_same_key"] as? Bool == true)
            #expect(seen["refused_result"] as? String == "Refused")
            #expect(seen["refund_status"] as? String == "received")
            #expect((seen["refund_again"] as? [String: Any])?["status"] as? Int == 422)
            #expect(seen["notification_valid"] as? Bool == true)
            #expect(seen["tampered_rejected"] as? Bool == true)
            #expect((seen["wrong_key"] as? [String: Any])?["status"] as? Int == 401)
        }
    }
}
