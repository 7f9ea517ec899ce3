import PerennialOutbound

/// Sends calls to `https://paypal.test` to the fake PayPal, the rest to the network (the simulators).
struct PayPalRoutingTransport: HTTPTransport {
    let payPal: any HTTPTransport
    let network: any HTTPTransport

    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        try await (request.url.hasPrefix(FakePayPal.host) ? payPal : network).send(request)
    }
}
