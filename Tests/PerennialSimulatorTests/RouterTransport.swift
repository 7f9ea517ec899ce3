import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PerennialAppStore
import PerennialOutbound

/// Sends the Server API client's requests to a HummingbirdTesting client.
struct RouterTransport: HTTPTransport {
    let client: any TestClientProtocol

    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        let uri = String(request.url.dropFirst(ServerAPIFixture.baseURL.count))
        var headers = HTTPFields()
        for header in request.headers {
            if let name = HTTPField.Name(header.name) { headers.append(HTTPField(name: name, value: header.value)) }
        }
        let response = try await client.executeRequest(
            uri: uri, method: HTTPRequest.Method(rawValue: request.method) ?? .get, headers: headers,
            body: request.body.isEmpty ? nil : ByteBuffer(bytes: request.body))
        return HTTPTransportResponse(
            status: Int(response.status.code),
            headers: response.headers.map { HTTPTransportHeader(name: $0.name.rawName, value: $0.value) },
            body: Array(response.body.readableBytesView))
    }
}
