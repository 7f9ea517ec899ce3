import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import PerennialHTTP
import Testing

/// Request heads the HTTP parser refuses, over a real socket to the server as `perennial serve` runs it
/// (`.guarded`): each gets 400 `malformed_request` in the error envelope and the connection ends; and a
/// request that does not keep its connection (HTTP/1.0 without keep-alive) has it ended after its answer.
@Suite("Broken request heads over a socket")
struct BrokenHeadTests {
    /// Deadlines far beyond each test's waits, so an end seen is the server's answer, not a timeout.
    static let limits = ConnectionLimits(header: .seconds(30), body: .seconds(30), keepAlive: .seconds(30), maxConnections: 32)

    func withServer(_ body: @escaping @Sendable (Int) async throws -> Void) async throws {
        try await TestHarness.run { harness in
            let connectionGuard = ConnectionGuard(limits: Self.limits, logger: TestLogging.logger("test"), sweepInterval: .milliseconds(50))
            let app = Application(router: harness.stack.router(), server: .guarded(connectionGuard), services: [connectionGuard])
            try await app.test(.live) { client in try await body(try #require(client.port)) }
        }
    }

    /// A request head the parser refuses; shown by its name alone.
    struct BrokenHead: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var testDescription: String { name }

        init(_ name: String, _ text: String) {
            self.name = name
            bytes = Array(text.utf8)
        }

        init(_ name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }
    }

    static let brokenHeads: [BrokenHead] = [
        BrokenHead("conflicting Content-Length",
                   "POST /v1/receipts HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}"),
        BrokenHead("a head larger than the limit",
                   "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: " + String(repeating: "a", count: 81 * 1024) + "\r\n\r\n"),
        BrokenHead("a bare LF", "GET /health HTTP/1.1\r\nHost: 127.0.0.1\nX-Seen: yes\r\n\r\n"),
        BrokenHead("bytes that are not HTTP", bytes: [0x16, 0x03, 0x01, 0x00, 0xA5, 0x01, 0x00, 0x00, 0xA1, 0x03, 0x03, 0x0D, 0x0A, 0x0D, 0x0A]),
        BrokenHead("a space before a header's colon", "GET /health HTTP/1.1\r\nHost : 127.0.0.1\r\n\r\n"),
    ]

    /// The first response in `text`: its status line, its headers (lowercased names) and its body.
    static func firstResponse(_ text: String) -> (status: String, headers: [String: String], body: String) {
        let parts = text.components(separatedBy: "\r\n\r\n")
        var lines = parts[0].components(separatedBy: "\r\n")
        let status = lines.isEmpty ? "" : lines.removeFirst()
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return (status, headers, parts.dropFirst().joined(separator: "\r\n\r\n"))
    }

    @Test(.timeLimit(.minutes(3)), arguments: brokenHeads)
    func aBrokenHeadGetsTheEnvelopeAndTheConnectionEnds(_ head: BrokenHead) async throws {
        let name = head.name
        let bytes = head.bytes
        try await withServer { port in
            let connection = try TrickleConnection(port: port)
            #expect(await connection.sendAll(bytes), "\(name)")
            let answer = await connection.receive(timeout: .seconds(10))
            let response = Self.firstResponse(answer)
            #expect(response.status.hasPrefix("HTTP/1.1 400"), "\(name): \(answer.prefix(300))")
            #expect(response.headers["content-type"]?.hasPrefix("application/json") == true, "\(name)")
            #expect(response.headers["connection"] == "close", "\(name)")
            let envelope = try? JSONObject(ByteBuffer(string: response.body))
            #expect(envelope?["error"]["code"].string == "malformed_request", "\(name): \(response.body)")
            #expect(envelope?["error"]["message"].string?.isEmpty == false, "\(name)")
            #expect(await connection.waitForClose(within: .seconds(5)) != nil, "\(name): the connection stays open")
            connection.disconnect()

            let genuine = try TrickleConnection(port: port)
            #expect(await genuine.sendAll(Array("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)))
            #expect(await genuine.receive(timeout: .seconds(5)).hasPrefix("HTTP/1.1 200"), "the server goes on answering")
        }
    }

    @Test(.timeLimit(.minutes(3))) func aBrokenRequestAfterAGoodOneIsAnsweredAfterIt() async throws {
        try await withServer { port in
            let connection = try TrickleConnection(port: port)
            let good = Array("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
            #expect(await connection.sendAll(good + [0x16, 0x03, 0x01, 0x0D, 0x0A, 0x0D, 0x0A]))
            let answer = await connection.receive(timeout: .seconds(10))
            #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer.prefix(300))")
            let second = try #require(answer.range(of: "HTTP/1.1 400"), "no 400 after the 200: \(answer)")
            #expect(answer[second.lowerBound...].contains("malformed_request"))
            #expect(await connection.waitForClose(within: .seconds(5)) != nil)
        }
    }

    /// A parse error inside a body still reaches the route reading it, which answers with its envelope.
    @Test(.timeLimit(.minutes(3))) func aBrokenBodyIsAnsweredByItsRoute() async throws {
        try await withServer { port in
            let connection = try TrickleConnection(port: port)
            let request = "POST /v1/receipts HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(TestHarness.publicKey)\r\n"
                + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n"
            #expect(await connection.sendAll(Array(request.utf8)))
            let answer = await connection.receive(timeout: .seconds(10))
            let response = Self.firstResponse(answer)
            #expect(response.status.hasPrefix("HTTP/1.1 400"), "\(answer.prefix(300))")
            #expect(response.body.contains("malformed_request"), "\(answer.prefix(300))")
            #expect(!answer.dropFirst(12).contains("HTTP/1.1 400"), "one answer only: \(answer)")
        }
    }

    @Test(.timeLimit(.minutes(3))) func anHTTP10RequestWithoutKeepAliveHasItsConnectionEndedAfterTheAnswer() async throws {
        try await withServer { port in
            let connection = try TrickleConnection(port: port)
            #expect(await connection.sendAll(Array("GET /health HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".utf8)))
            let answer = await connection.receive(timeout: .seconds(10))
            let response = Self.firstResponse(answer)
            #expect(response.status.hasPrefix("HTTP/1.1 200"), "\(answer.prefix(300))")
            #expect(response.headers["connection"] == "close")
            // Well before the 30 s keep-alive deadline: the answer ends the connection.
            #expect(await connection.waitForClose(within: .seconds(5)) != nil, "the HTTP/1.0 connection stays open")
        }
    }

    @Test(.timeLimit(.minutes(3))) func anHTTP10RequestWithKeepAliveKeepsItsConnection() async throws {
        try await withServer { port in
            let connection = try TrickleConnection(port: port)
            let request = Array("GET /health HTTP/1.0\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n".utf8)
            #expect(await connection.sendAll(request))
            #expect(await connection.receive(timeout: .seconds(10)).hasPrefix("HTTP/1.1 200"))
            #expect(await connection.sendAll(request))
            #expect(await connection.receive(timeout: .seconds(10)).hasPrefix("HTTP/1.1 200"), "the second request on the same connection")
        }
    }
}
