import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// An HTTP client for a server on 127.0.0.1 that reports what happened to a request instead of throwing:
/// the status and body of an answer, or why none came (refused, reset, timed out).
struct LoopbackClient: Sendable {
    struct Answer: Sendable {
        /// nil when no answer came.
        var status: Int?
        /// The body, or the client's error when no answer came.
        var body: String
    }

    let client: HTTPClient

    /// A client that keeps up to `connections` connections open to one server.
    init(connections: Int) {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: connections)
        configuration.timeout = .init(connect: .seconds(10), read: .seconds(60))
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    func shutdown() async {
        try? await client.shutdown()
    }

    func post(_ url: String, json: Data, bearer: String? = nil) async -> Answer {
        await send("POST", url, json: json, headers: bearer.map { ["authorization": "Bearer \($0)"] } ?? [:])
    }

    /// A request with a JSON body and the headers given.
    func send(_ method: String, _ url: String, json: Data, headers: [String: String]) async -> Answer {
        var request = HTTPClientRequest(url: url)
        request.method = HTTPMethod(rawValue: method)
        request.headers.add(name: "content-type", value: "application/json")
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        request.body = .bytes(ByteBuffer(bytes: json))
        return await execute(request)
    }

    /// A GET answered within `timeout` (2 s: what /health gets), with the key as `Authorization: Bearer` when given.
    func get(_ url: String, bearer: String? = nil, timeout: TimeAmount = .seconds(2)) async -> Answer {
        var request = HTTPClientRequest(url: url)
        if let bearer { request.headers.add(name: "authorization", value: "Bearer \(bearer)") }
        return await execute(request, timeout: timeout)
    }

    private func execute(_ request: HTTPClientRequest, timeout: TimeAmount = .seconds(60)) async -> Answer {
        do {
            let response = try await client.execute(request, timeout: timeout)
            let body = try await response.body.collect(upTo: 1 << 20)
            return Answer(status: Int(response.status.code), body: String(buffer: body))
        } catch {
            return Answer(status: nil, body: String(describing: error))
        }
    }
}
