import Foundation
import PerennialTesting
import Testing

/// Mutated bodies, from real payloads, posted to every route that reads one: no answer is a 5xx, and the
/// server still answers /health.
@Suite("Fuzzed request bodies")
struct HTTPFuzzTests {
    static let mutationsPerRoute = 60

    @Test func mutatedBodiesNeverGetA5xx() async throws {
        let signing = SignedDataTests.Signing(ca: try TestCertificateAuthority())
        try await TestHarness.run(signedDataRoot: signing.ca.rootDER) { harness in
            let purchase = try await harness.simulator.purchase(account: "fuzz", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            var seeds: [String: Data] = [
                "/v1/receipts": try JSONSerialization.data(withJSONObject: ["app_user_id": "fuzz", "receipt_data": purchase.receiptData]),
                "/v1/transactions": try JSONSerialization.data(withJSONObject: [
                    "app_user_id": "fuzz-sk2", "signed_transaction": signing.transaction(),
                ]),
                "/v1/apple/notifications/forest": signing.notification("DID_RENEW", transaction: signing.transaction(), renewalInfo: nil),
            ]
            for route in APIRoute.withBodies where seeds[route.path] == nil { seeds[route.path] = Data(route.body!.utf8) }
            var mutator = BodyMutator(seed: 0xF122_2026)
            var statuses: [Int: Int] = [:]
            for route in APIRoute.withBodies {
                let key = route.access == .secretKey ? TestHarness.secretKey : route.access == .publicKey ? TestHarness.publicKey : nil
                for round in 0..<Self.mutationsPerRoute {
                    let body = mutator.mutate(seeds[route.path]!)
                    let response = try await harness.send(route.method, route.path, key: key, body: body)
                    #expect(response.status < 500, "\(route) round \(round): \(response.status) \(response.text.prefix(200))")
                    statuses[response.status, default: 0] += 1
                }
            }
            #expect(statuses.keys.contains { $0 >= 400 })
            #expect(try await harness.isHealthy())
        }
    }
}
