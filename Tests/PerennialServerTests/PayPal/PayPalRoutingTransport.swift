import PerennialOutbound

/// Sends calls to `paypal.test` (https or http) to the fake or simulated PayPal, the rest to the network (the
/// simulators).
struct PayPalRoutingTransport: HTTPTransport {
    let payPal: any HTTPTransport
    let network: any HTTPTransport

    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        let toPayPal = request.url.hasPrefix(FakePayPal.host) || request.url.hasPrefix("http://paypal.test/")
        return try await (toPayPal ? payPal : network).send(request)
    }
}
