import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import PerennialHTTP
import Testing

/// Clients that hold connections without finishing their requests: a head or body trickled a byte at a
/// time, an idle keep-alive connection, more connections than the server allows, bodies cut short. Each is
/// closed by its phase's deadline (never reset by a trickle), and genuine requests keep being answered.
@Suite("Slow clients over a socket")
struct SlowClientTests {
    static let limits = ConnectionLimits(header: .seconds(1), body: .seconds(2), keepAlive: .milliseconds(1_500), maxConnections: 4)
    static let head = Array("POST /v1/receipts HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(TestHarness.publicKey)\r\n".utf8)
    /// What a loaded two-core machine may add between a deadline and this test seeing the close (the guard's
    /// sweep, the server's and this thread's scheduling): upper bounds are the limit plus this. Still far
    /// below what a deadline reset by each trickled byte, or the wrong phase's limit, would give.
    static let slack: Duration = .seconds(5)

    /// Runs `body` against a live server with `limits`, on a port of its own.
    func withGuardedServer(
        _ limits: ConnectionLimits = limits, _ body: @escaping @Sendable (Int) async throws -> Void
    ) async throws {
        try await TestHarness.run { harness in
            let connectionGuard = ConnectionGuard(limits: limits, logger: TestLogging.logger("test"), sweepInterval: .milliseconds(50))
            let app = Application(router: harness.stack.router(), server: .guarded(connectionGuard), services: [connectionGuard])
            try await app.test(.live) { client in try await body(try #require(client.port)) }
        }
    }

    @Test(.timeLimit(.minutes(3))) func aTrickledHeadIsClosedAtTheHeaderTimeout() async throws {
        try await withGuardedServer { port in
            let connection = try TrickleConnection(port: port)
            let closedAfter = await connection.trickle(Self.head, interval: .milliseconds(100))
            let after = try #require(closedAfter, "still open after \(Self.head.count) bytes over ~\(Self.head.count / 10) s")
            #expect(after >= .milliseconds(900) && after < .seconds(1) + Self.slack, "closed after \(after), header timeout 1 s")
            let genuine = try TrickleConnection(port: port)
            #expect(await genuine.sendAll(Array("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)))
            let answer = await genuine.receive(timeout: .seconds(5))
            #expect(answer.hasPrefix("HTTP/1.1 200"), "the server goes on answering: \(answer)")
        }
    }

    @Test(.timeLimit(.minutes(3))) func aSilentConnectionIsClosedAtTheHeaderTimeout() async throws {
        try await withGuardedServer { port in
            let connection = try TrickleConnection(port: port)
            let closedAfter = try #require(await connection.waitForClose(within: .seconds(1) + Self.slack + .seconds(2)))
            #expect(closedAfter >= .milliseconds(900) && closedAfter < .seconds(1) + Self.slack, "closed after \(closedAfter)")
        }
    }

    @Test(.timeLimit(.minutes(3))) func aTrickledBodyIsClosedAtTheBodyTimeout() async throws {
        try await withGuardedServer { port in
            let connection = try TrickleConnection(port: port)
            let head = Self.head + Array("Content-Type: application/json\r\nContent-Length: 400\r\n\r\n".utf8)
            #expect(await connection.sendAll(head))
            let closedAfter = await connection.trickle(Array(repeating: UInt8(ascii: " "), count: 100), interval: .milliseconds(100))
            let after = try #require(closedAfter, "still open after 100 body bytes over ~10 s")
            #expect(after >= .milliseconds(1_900) && after < .seconds(2) + Self.slack, "closed after \(after), body timeout 2 s")
        }
    }

    @Test(.timeLimit(.minutes(3))) func anIdleKeepAliveConnectionIsClosedAfterItsTimeout() async throws {
        try await withGuardedServer { port in
            let connection = try TrickleConnection(port: port)
            // Timed from before the request: the keep-alive timer starts once the answer is written, so the
            // lower bound holds however late a loaded machine lets this thread read the answer.
            let start = ContinuousClock.now
            #expect(await connection.sendAll(Array("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)))
            let answer = await connection.receive(timeout: .seconds(5))
            #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer)")
            _ = try #require(await connection.waitForClose(within: .milliseconds(1_500) + Self.slack + .seconds(2)), "the idle connection stayed open")
            let idle = start.duration(to: .now)
            #expect(idle >= .milliseconds(1_200) && idle < .milliseconds(1_500) + Self.slack, "closed after \(idle) idle, keep-alive 1.5 s")
        }
    }

    @Test(.timeLimit(.minutes(3))) func pastTheMaximumTheConnectionWaitingLongestIsClosed() async throws {
        try await withGuardedServer(ConnectionLimits(header: .seconds(30), body: .seconds(30), keepAlive: .seconds(30), maxConnections: 4)) { port in
            var waiting: [TrickleConnection] = []
            for _ in 0..<4 {
                waiting.append(try TrickleConnection(port: port))
                try await Task.sleep(for: .milliseconds(100))
            }
            let genuine = try TrickleConnection(port: port)
            #expect(await genuine.sendAll(Array("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)))
            let answer = await genuine.receive(timeout: .seconds(5))
            #expect(answer.hasPrefix("HTTP/1.1 200"), "the fifth connection is answered: \(answer)")
            #expect(await waiting[0].waitForClose(within: Self.slack) != nil, "the oldest waiting connection is closed")
            for later in waiting.dropFirst() {
                #expect(await later.waitForClose(within: .milliseconds(200)) == nil, "younger waiting connections stay")
            }
        }
    }

    /// The truncated bodies the malformed-request suite cannot send without a body deadline: the server
    /// waits for the rest only until the body timeout, then closes (or answers 408), never a 5xx.
    @Test(.timeLimit(.minutes(3)), arguments: [
        ("Content-Length longer than the body", ["Content-Length: 100"], Array(#"{"app_user_id": "a"#.utf8)),
        ("chunked body cut off", ["Transfer-Encoding: chunked"], Array("20\r\n{\"app_user_id\"".utf8)),
    ])
    func aTruncatedBodyIsClosedAtTheBodyTimeout(_ name: String, _ headers: [String], _ body: [UInt8]) async throws {
        try await withGuardedServer { port in
            let head = String(decoding: Self.head, as: UTF8.self) + "Content-Type: application/json\r\n"
                + headers.map { $0 + "\r\n" }.joined()
            let answer = try await RawHTTPExchange.send(port: port, head: head, body: body, timeoutSeconds: 8)
            #expect(answer.status == nil || answer.status == 408, "\(name): \(answer.text)")
        }
    }
}
