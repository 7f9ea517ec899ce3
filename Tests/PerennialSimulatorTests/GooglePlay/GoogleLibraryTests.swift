import Foundation
import Hummingbird
import HummingbirdTesting
import PerennialCore
import PerennialSimulator
import PerennialTesting
import Testing

/// Google's own Python clients (google-auth's service-account credentials, google-api-python-client's
/// bundled androidpublisher v3), unchanged but for the endpoint and the key file's token_uri, against a
/// live Play simulator.
@Suite struct GoogleLibraryTests {
    static let library = PythonClientEnvironment(requirement: "google-api-python-client==2.202.0")
    static let script = Fixtures.repositoryRoot.appendingPathComponent("Tests/Clients/google_play_client.py")

    @Test(.timeLimit(.minutes(5))) func subscriptionsV2GetAcknowledgeAndOrdersWorkFromGooglesPythonClient() async throws {
        let python = try await Self.library.python()
        let clock = SimulatorClock(start: Instant(milliseconds: 1_767_225_600_000), rate: 0)
        let simulator = try AppStoreSimulator(configuration: .example(timeScale: .manual), clock: clock)
        let play = try PlaySimulator(
            packageName: "com.example.perennial",
            products: [PlaySimulatorProduct(productID: "pro.monthly", basePlanID: "monthly", freeTrialOfferID: "trial")],
            clock: clock
        )
        let token = try await play.purchase(productID: "pro.monthly", obfuscatedAccountID: "ann", freeTrial: true)
        let app = SimulatorServer.makeApplication(simulator: simulator, play: play, port: 0)
        try await app.test(.live) { client in
            let base = "http://127.0.0.1:\(client.port ?? 0)"
            let keyFile = FileManager.default.temporaryDirectory.appendingPathComponent("play-key-\(UUID().uuidString).json")
            try await play.keyFile(tokenURI: base + "/token").write(to: keyFile)
            defer { try? FileManager.default.removeItem(at: keyFile) }
            let arguments: [String: any Sendable] = [
                "key_file": keyFile.path, "api_endpoint": base, "package_name": "com.example.perennial",
                "product_id": "pro.monthly", "token": token,
            ]
            let outcome = try await ChildProcess(executable: python, arguments: [Self.script.path]).run(
                input: try JSONSerialization.data(withJSONObject: arguments))
            try #require(outcome.status == 0, "the client failed: \(outcome.errorText)")
            let seen = try #require(try JSONSerialization.jsonObject(with: outcome.output) as? [String: Any])
            let before = try #require(seen["before"] as? [String: Any])
            let after = try #require(seen["after"] as? [String: Any])
            #expect(before["subscriptionState"] as? String == "SUBSCRIPTION_STATE_ACTIVE")
            #expect(before["acknowledgementState"] as? String == "ACKNOWLEDGEMENT_STATE_PENDING")
            #expect(after["acknowledgementState"] as? String == "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED")
            let item = try #require((before["lineItems"] as? [[String: Any]])?.first)
            #expect(item["productId"] as? String == "pro.monthly")
            #expect((item["offerPhase"] as? [String: Any])?["freeTrial"] != nil)
            let unknown = seen["unknown"] as? [String: Any]
            #expect(unknown?["status"] as? Int == 404)

            // The trial's order, by orders.get and orders.batchget: free, in the free trial phase.
            let order = try #require(seen["order"] as? [String: Any])
            #expect(order["orderId"] as? String == before["latestOrderId"] as? String)
            #expect(order["purchaseToken"] as? String == token)
            #expect(order["state"] as? String == "PROCESSED")
            let total = order["total"] as? [String: Any]
            #expect(total?["units"] as? String == "0")
            #expect(total?["nanos"] as? Int == 0)
            let details = (order["lineItems"] as? [[String: Any]])?.first?["subscriptionDetails"] as? [String: Any]
            #expect(details?["offerPhase"] as? String == "FREE_TRIAL")
            #expect(details?["offerId"] as? String == "trial")
            let batch = (seen["orders"] as? [String: Any])?["orders"] as? [[String: Any]]
            #expect(batch?.map { $0["orderId"] as? String } == [order["orderId"] as? String])
        }
    }
}
