import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Requests no well-behaved client sends, over a real socket to every route that reads a body: each gets a
/// 4xx in the error envelope, never a 500 `internal_error`, and the server goes on answering.
@Suite("Malformed requests over a socket")
struct MalformedRequestTests {
    /// One kind of malformed request: its extra headers and its body bytes.
    struct Malformation: Sendable, CustomStringConvertible {
        var description: String
        var headers: [String]
        var body: [UInt8]
        var contentType = "application/json"
    }

    static let deep = 100_000

    static let malformations: [Malformation] = [
        Malformation(description: "chunk size that is not hexadecimal", headers: ["Transfer-Encoding: chunked"],
                     body: Array("zz\r\n{}\r\n0\r\n\r\n".utf8)),
        Malformation(description: "chunk longer than its size", headers: ["Transfer-Encoding: chunked"],
                     body: Array("2\r\n{\"a\":1}\r\n0\r\n\r\n".utf8)),
        Malformation(description: "a 1 GB Content-Length", headers: ["Content-Length: 1073741824"], body: Array("{}".utf8)),
        Malformation(description: "text/plain", headers: [], body: Array(#"{"app_user_id": "alice"}"#.utf8), contentType: "text/plain"),
        Malformation(description: "a form", headers: [], body: Array("app_user_id=alice".utf8),
                     contentType: "application/x-www-form-urlencoded"),
        Malformation(description: "invalid UTF-8", headers: [], body: Array(#"{"app_user_id": ""#.utf8) + [0xFF, 0xFE, 0xC3] + Array(#"", "x": 1}"#.utf8)),
        Malformation(description: "NUL bytes", headers: [], body: Array(#"{"app_user_id": "a"#.utf8) + [0, 0] + Array(#"b"}"#.utf8) + [0]),
        Malformation(description: "JSON nested 100,000 deep", headers: [],
                     body: Array(String(repeating: "[", count: deep).utf8) + Array(String(repeating: "]", count: deep).utf8)),
        Malformation(description: "JSON objects nested 100,000 deep", headers: [],
                     body: Array(String(repeating: #"{"a":"#, count: deep).utf8) + Array(String(repeating: "}", count: deep).utf8)),
    ]

    /// The request's head: the request line, the host, the key, the content type, the length unless the
    /// malformation sets its own framing, and `Connection: close`.
    static func head(_ route: APIRoute, _ malformation: Malformation) -> String {
        var lines = ["\(route.method.rawValue) \(route.path) HTTP/1.1", "Host: 127.0.0.1", "Connection: close",
                     "Content-Type: \(malformation.contentType)"]
        switch route.access {
        case .publicKey: lines.append("Authorization: Bearer \(TestHarness.publicKey)")
        case .secretKey: lines.append("Authorization: Bearer \(TestHarness.secretKey)")
        case .none, .store: break
        }
        lines += malformation.headers
        if !malformation.headers.contains(where: { $0.hasPrefix("Content-Length") || $0.hasPrefix("Transfer-Encoding") }) {
            lines.append("Content-Length: \(malformation.body.count)")
        }
        return lines.map { $0 + "\r\n" }.joined()
    }

    @Test("every route that reads a body answers each malformation with a 4xx", arguments: malformations)
    func malformedRequestsGetA4xx(_ malformation: Malformation) async throws {
        try await TestHarness.run { harness in
            try await Application(router: harness.stack.router()).test(.live) { client in
                let port = try #require(client.port)
                for route in APIRoute.withBodies {
                    let answer = try await RawHTTPExchange.send(
                        port: port, head: Self.head(route, malformation), body: malformation.body, timeoutSeconds: 10
                    )
                    let status = try #require(answer.status, "\(route), \(malformation): no answer")
                    #expect((400..<500).contains(status), "\(route), \(malformation): \(answer.text.suffix(300))")
                    #expect(answer.text.contains(#""error":{"#) || answer.text.contains(#""error": {"#), "\(route), \(malformation)")
                    #expect(!answer.text.contains("internal_error"), "\(route), \(malformation)")
                }
                let health = try await RawHTTPExchange.send(
                    port: port, head: "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n", body: []
                )
                #expect(health.status == 200)
            }
        }
    }
}
