import Foundation
import HTTPTypes
import PerennialServer
import Testing

/// Every route that reads a body, fed bodies it must refuse: each gets a 4xx in the error envelope, nothing
/// is stored, and the server keeps answering.
@Suite("Hostile input on every route")
struct HostileInputTests {
    @Test("malformed JSON, wrong types and missing fields", arguments: APIRoute.withBodies)
    func refusedAndNothingStored(route: APIRoute) async throws {
        try await TestHarness.run { harness in
            let key = route.access == .secretKey ? TestHarness.secretKey : route.access == .publicKey ? TestHarness.publicKey : nil
            let bodies = HostileBodies.generic + (HostileBodies.byRoute[route.path] ?? []).map { ("\($0)", Data($0.utf8)) }
            let before = try await StoredRowCounts.read(harness.stack)
            for (name, body) in bodies {
                let response = try await harness.send(route.method, route.path, key: key, body: body)
                #expect(response.isClientErrorEnvelope, "\(route) with \(name): \(response.status) \(response.text.prefix(200))")
            }
            let after = try await StoredRowCounts.read(harness.stack)
            #expect(after.ledger == before.ledger, "\(route): \(before) → \(after)")
            if route.access != .store { #expect(after.notifications == before.notifications) }
            #expect(try await harness.isHealthy())
        }
    }

    @Test func oversizedBodiesGet413OnEveryRouteAtTheConfiguredLimit() async throws {
        var server = ServerSettings()
        server.maxBodyBytes = 4_096
        try await TestHarness.run(server: server) { harness in
            let before = try await StoredRowCounts.read(harness.stack)
            for route in APIRoute.withBodies {
                let key = route.access == .secretKey ? TestHarness.secretKey : TestHarness.publicKey
                let huge = Data(#"{"app_user_id": "u", "receipt_data": ""#.utf8) + Data(repeating: UInt8(ascii: "A"), count: 5_000) + Data(#""}"#.utf8)
                let response = try await harness.send(route.method, route.path, key: route.access == .none || route.access == .store ? nil : key, body: huge)
                #expect(response.status == 413, "\(route)")
                #expect(response.body["error"]["code"].string == "payload_too_large", "\(route)")
                #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            }
            // Under the limit, the same route reads the body (and refuses it for what it says).
            let small = try await harness.send(.post, "/v1/receipts", key: TestHarness.publicKey, body: Data(#"{"app_user_id": "u", "receipt_data": "not base64!!"}"#.utf8))
            #expect(small.body["error"]["code"].string == "invalid_receipt_data")
            #expect(try await StoredRowCounts.read(harness.stack) == before)
            #expect(try await harness.isHealthy())
        }
    }

    @Test func garbledAuthorizationHeadersAreRefused() async throws {
        try await TestHarness.run { harness in
            let headers = [
                "Basic dXNlcjpwYXNz", "Bearer", "Bearer ", "bearer \(TestHarness.publicKey)", "Bearer \(TestHarness.publicKey) extra",
                "Bearer " + String(repeating: "k", count: 16_000), "Bearer \(TestHarness.publicKey.dropLast())",
            ]
            for header in headers {
                let response = try await harness.client.execute(
                    uri: "/v1/customers/u", method: .get, headers: [.authorization: header]
                ) { response in (Int(response.status.code), try JSONObject(response.body)) }
                #expect(response.0 == 401, "\(header.prefix(30))")
                #expect(response.1["error"]["code"].string == "invalid_api_key")
            }
        }
    }
}
