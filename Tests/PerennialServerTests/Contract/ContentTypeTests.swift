import HTTPTypes
import NIOCore
import Testing

/// A body declared as anything but JSON is refused with 415 before a route reads it; a request without a
/// body is not refused for the type it names.
@Suite("Content types")
struct ContentTypeTests {
    func status(
        _ harness: TestHarness, _ method: HTTPRequest.Method, _ uri: String, contentType: String, body: String?
    ) async throws -> (Int, String?) {
        let headers: HTTPFields = [.contentType: contentType, .authorization: "Bearer \(TestHarness.publicKey)"]
        return try await harness.client.execute(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) }) {
            (Int($0.status.code), try JSONObject($0.body)["error"]["code"].string)
        }
    }

    @Test func aBodyOfAnotherTypeIsRefusedAndAGETNamingOneIsNot() async throws {
        try await TestHarness.run { harness in
            let refused = try await status(harness, .post, "/v1/customers/ct/login", contentType: "text/plain", body: #"{"new_app_user_id": "ct-2"}"#)
            #expect(refused.0 == 415)
            #expect(refused.1 == "unsupported_media_type")
            let json = try await status(harness, .post, "/v1/customers/ct/login", contentType: "application/merge-patch+json; charset=utf-8", body: #"{"new_app_user_id": "ct-2"}"#)
            #expect(json.0 == 200)
            let read = try await status(harness, .get, "/v1/customers/ct-2", contentType: "text/plain", body: nil)
            #expect(read.0 == 200)
        }
    }
}
