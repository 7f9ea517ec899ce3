import PerennialOutbound

/// A store transport for servers whose tests never reach a store: every call fails as a refused connection.
struct UnreachableTransport: HTTPTransport {
    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        throw HTTPTransportError(.connection, message: "no store in this test")
    }
}
