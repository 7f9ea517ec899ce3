import Foundation
import Hummingbird
import HummingbirdTesting
import PerennialCore
import PerennialSimulator
import PerennialTesting
import Testing

/// Apple's App Store Server library for Python, unchanged but for its base URL, against a live simulator:
/// the measure of the simulator is that the store's own client works with it.
@Suite struct AppleLibraryTests {
    static let library = PythonClientEnvironment(requirement: "app-store-server-library==3.1.2")
    static let script = Fixtures.repositoryRoot.appendingPathComponent("Tests/Clients/apple_server_api_client.py")

    @Test(.timeLimit(.minutes(5))) func serverAPICallsWorkFromApplesPythonLibrary() async throws {
        let python = try await Self.library.python()
        let key = ServerAPIFixture.key()
        let sender = RecordingSender()
        let simulator = try ServerAPIFixture.simulator(publicKeyPEM: key.publicPEM, sender: sender)
        let subscription = try await simulator.purchase(
            account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly")
        var purchased: [String] = []
        for _ in 0..<21 {
            purchased.append(
                try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "coins").transactionID)
        }
        let consumables = purchased
        await simulator.deliverDueNotifications()
        let app = SimulatorServer.makeApplication(simulator: simulator, port: 0)
        try await app.test(.live) { client in
            let arguments: [String: any Sendable] = [
                "base_url": "http://127.0.0.1:\(client.port ?? 0)", "key_pem": key.privatePEM,
                "key_id": ServerAPIFixture.keyID, "issuer_id": ServerAPIFixture.issuerID, "bundle_id": Fixture.bundleID,
                "subscription_transaction_id": subscription.transactionID, "consumable_transaction_id": consumables[0],
                "notification_start_ms": Fixture.instant(days: -1).milliseconds,
                "notification_end_ms": Fixture.instant(days: 1).milliseconds,
                "unknown_transaction_id": "2000000999999999",
            ]
            let outcome = try await ChildProcess(executable: python, arguments: [Self.script.path]).run(
                input: try JSONSerialization.data(withJSONObject: arguments))
            try #require(outcome.status == 0, "the library failed: \(outcome.errorText)")
            let seen = try #require(try JSONSerialization.jsonObject(with: outcome.output) as? [String: Any])
            #expect(seen["transaction_info"] as? String == consumables[0])
            #expect(seen["history_pages"] as? Int == 2, "20 per page")
            #expect(seen["history"] as? [String] == [subscription.transactionID] + consumables)
            #expect(seen["status"] as? Int == 1, "active")
            #expect(seen["status_original_transaction_id"] as? String == subscription.originalTransactionID)
            #expect(seen["renewal_product_id"] as? String == "pro.monthly")
            #expect(seen["extension_success"] as? Bool == true)
            #expect(seen["extension_original_transaction_id"] as? String == subscription.originalTransactionID)
            #expect(
                seen["notification_types"] as? [String]
                    == ["SUBSCRIBED"] + Array(repeating: "ONE_TIME_CHARGE", count: 21) + ["RENEWAL_EXTENDED"])
            #expect(seen["notification_pages"] as? Int == 2, "20 per page")
            #expect(seen["test_notification_type"] as? String == "TEST")
            #expect(seen["consumption_sent"] as? Bool == true)
            let incomplete = seen["incomplete_consumption_error"] as? [String: Any]
            #expect(incomplete?["status"] as? Int == 400)
            let incompleteCode = incomplete?["code"] as? Int
            #expect((4_000_000..<4_010_000).contains(incompleteCode ?? 0), "v1 consumption without its required fields: Apple's 400 code, decoded")
            let error = seen["unknown_transaction_error"] as? [String: Any]
            #expect(error?["status"] as? Int == 404)
            #expect(error?["code"] as? Int == 4_040_010, "Apple's TransactionIdNotFoundError, decoded by the library")
        }
    }
}
