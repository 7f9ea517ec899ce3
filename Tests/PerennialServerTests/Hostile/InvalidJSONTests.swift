import Foundation
import HTTPTypes
import Testing

/// A body that is not the JSON a route reads — not JSON, not UTF-8, not an object, a field missing or of
/// the wrong type — answers 400 `invalid_json` on every route that reads one, as README's error table says,
/// with a message naming the field at fault, never quoting the body.
@Suite("invalid_json on every route that reads a JSON body")
struct InvalidJSONTests {
    /// Every route reading its body with the JSON decoder (the stores' notification routes read theirs as
    /// the store's documents: `invalid_notification`).
    static let routes: [APIRoute] = APIRoute.withBodies.filter { $0.access != .store } + [
        APIRoute(method: .post, path: "/v1/customers/alice/login", access: .publicKey, body: #"{"new_app_user_id": "bob"}"#),
        APIRoute(method: .put, path: "/v1/customers/alice/attributes", access: .publicKey, body: #"{"attributes": {}}"#),
        APIRoute(method: .post, path: "/v1/stripe/checkout-sessions", access: .publicKey, body: #"{"app_user_id": "alice", "product_id": "p"}"#),
    ]

    static let bodies = HostileBodies.generic

    @Test(arguments: routes)
    func malformedBodiesAreInvalidJSON(route: APIRoute) async throws {
        try await TestHarness.run { harness in
            let key = route.access == .secretKey ? TestHarness.secretKey : TestHarness.publicKey
            for (name, body) in Self.bodies {
                let response = try await harness.send(route.method, route.path, key: key, body: body)
                #expect(response.status == 400, "\(route) with \(name): \(response.status) \(response.text.prefix(200))")
                #expect(response.body["error"]["code"].string == "invalid_json", "\(route) with \(name): \(response.text.prefix(200))")
                #expect(response.body["error"]["message"].string?.isEmpty == false)
            }
        }
    }

    @Test func theMessageNamesTheFieldWithoutQuotingTheBody() async throws {
        try await TestHarness.run { harness in
            let missing = try await harness.send(.post, "/v1/receipts", key: TestHarness.publicKey, body: Data(#"{"app_user_id": "secret-value"}"#.utf8))
            #expect(missing.body["error"]["code"].string == "invalid_json")
            #expect(missing.body["error"]["message"].string?.contains("receipt_data") == true, "\(missing.text)")
            #expect(!missing.text.contains("secret-value"))
            let wrongType = try await harness.send(
                .post, "/v1/receipts", key: TestHarness.publicKey, body: Data(#"{"app_user_id": 7, "receipt_data": "AAAA"}"#.utf8))
            #expect(wrongType.body["error"]["code"].string == "invalid_json")
            #expect(wrongType.body["error"]["message"].string?.contains("app_user_id") == true, "\(wrongType.text)")
        }
    }
}
