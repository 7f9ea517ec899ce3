import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PerennialOutbound
import Synchronization

/// A store simulator's webhook deliveries, posted into the in-process Perennial once the harness is up
/// (the simulator is made before it); a connection error until then.
final class HarnessWebhookTransport: HTTPTransport, Sendable {
    private let client = Mutex<(any TestClientProtocol)?>(nil)

    func attach(_ client: any TestClientProtocol) {
        self.client.withLock { $0 = client }
    }

    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        guard let client = client.withLock({ $0 }), let path = URLComponents(string: request.url)?.path else {
            throw HTTPTransportError.connection("Perennial is not up")
        }
        var fields = HTTPFields()
        for header in request.headers {
            if let name = HTTPField.Name(header.name) { fields.append(HTTPField(name: name, value: header.value)) }
        }
        let status = try await client.execute(uri: path, method: .post, headers: fields, body: ByteBuffer(bytes: request.body)) { Int($0.status.code) }
        return HTTPTransportResponse(status: status)
    }
}
