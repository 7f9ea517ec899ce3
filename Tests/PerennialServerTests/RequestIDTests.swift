import Foundation
import HTTPTypes
import NIOCore
import Testing

/// Every answer names its request (`X-Request-Id`): the caller's own id when it is a plain token, one made
/// for it otherwise, and an error envelope says the same id.
@Suite("Request ids")
struct RequestIDTests {
    static let header = HTTPField.Name("X-Request-Id")!

    /// Sends `GET uri` with the public key and `id`; returns the status, the answer's id and the body.
    static func get(_ harness: TestHarness, _ uri: String, id: String?) async throws -> (status: Int, id: String?, body: ByteBuffer) {
        var headers: HTTPFields = [.authorization: "Bearer \(TestHarness.publicKey)"]
        if let id { headers[header] = id }
        return try await harness.client.execute(uri: uri, method: .get, headers: headers) {
            (Int($0.status.code), $0.headers[header], $0.body)
        }
    }

    @Test func aCallersPlainIdNamesTheAnswerAndItsError() async throws {
        try await TestHarness.run { harness in
            let found = try await Self.get(harness, "/health", id: "trace-42.a:b_c")
            #expect(found.status == 200)
            #expect(found.id == "trace-42.a:b_c")

            let missing = try await Self.get(harness, "/v1/customers/nobody", id: "call-7")
            #expect(missing.status == 404)
            #expect(missing.id == "call-7")
            let body = try JSONObject(missing.body)
            #expect(body["error"]["request_id"].string == "call-7")
            #expect(body["error"]["code"].string == "customer_not_found")
        }
    }

    static let unfitIDs = ["", "has space", "new\u{0B}line", "quote\"d", String(repeating: "a", count: 129), "ünïcode"]

    @Test(arguments: unfitIDs)
    func anIdThatIsNotAPlainTokenIsReplacedByOneMadeForTheRequest(_ unfit: String) async throws {
        try await TestHarness.run { harness in
            let answer = try await Self.get(harness, "/v1/customers/nobody", id: unfit)
            let made = try #require(answer.id)
            #expect(made != unfit)
            #expect(made.count >= 16 && made.allSatisfy(\.isHexDigit))
            #expect(try JSONObject(answer.body)["error"]["request_id"].string == made)
        }
    }

    @Test func eachRequestWithoutAnIdGetsItsOwn() async throws {
        try await TestHarness.run { harness in
            let first = try await Self.get(harness, "/health", id: nil).id
            let second = try await Self.get(harness, "/health", id: nil).id
            #expect(first != nil && second != nil && first != second)
        }
    }
}
