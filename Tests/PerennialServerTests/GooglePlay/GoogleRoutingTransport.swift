import PerennialOutbound

/// Sends Google's hosts (`*.test` names a fake Google gives) to the fake, everything else to the network.
struct GoogleRoutingTransport: HTTPTransport {
    let google: any HTTPTransport
    let network: any HTTPTransport

    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        let isGoogle = ["https://play.test", "https://oauth.test", "https://certs.test"].contains { request.url.hasPrefix($0) }
        return try await (isGoogle ? google : network).send(request)
    }
}
