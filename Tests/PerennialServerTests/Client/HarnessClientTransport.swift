import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PerennialClient

/// The client's transport into the harness's in-process Perennial: every request logged with its answer's
/// status, and a switch that makes the server unreachable (the request never arrives).
final class HarnessClientTransport: ClientHTTPTransport, @unchecked Sendable {
    // @unchecked Sendable: `down` and `log` are only touched while `lock` is held.
    struct Exchange: Sendable {
        var method: String
        var path: String
        var requestHeaders: [String: String]
        var status: Int?
    }

    private let client: any TestClientProtocol
    private let lock = NSLock()
    private var down = false
    private var log: [Exchange] = []

    init(client: any TestClientProtocol) {
        self.client = client
    }

    /// Whether the server is unreachable now.
    var isDown: Bool {
        get { lock.withLock { down } }
        set { lock.withLock { down = newValue } }
    }

    /// Every request sent so far, in order (`status` nil for those that never arrived).
    var exchanges: [Exchange] { lock.withLock { log } }

    func send(_ request: ClientHTTPRequest, to baseURL: URL, timeout: TimeInterval) async throws -> ClientHTTPResponse {
        let isDown = lock.withLock {
            log.append(Exchange(method: request.method, path: request.pathAndQuery, requestHeaders: request.headers, status: nil))
            return down
        }
        if isDown { throw URLError(.cannotConnectToHost) }
        var fields = HTTPFields()
        for (name, value) in request.headers {
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
        }
        let response = try await client.execute(
            uri: request.pathAndQuery, method: HTTPRequest.Method(request.method) ?? .get, headers: fields,
            body: request.body.map { ByteBuffer(bytes: $0) }
        ) { response in
            var headers: [String: String] = [:]
            for field in response.headers { headers[field.name.canonicalName] = field.value }
            return ClientHTTPResponse(status: Int(response.status.code), headers: headers, body: Data(buffer: response.body))
        }
        lock.withLock {
            if let index = log.lastIndex(where: { $0.path == request.pathAndQuery && $0.status == nil }) { log[index].status = response.status }
        }
        return response
    }
}
