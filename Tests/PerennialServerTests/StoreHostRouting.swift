import Foundation
import PerennialOutbound

/// Sends calls to the web stores' test hosts (`paypal.test`, `square.test`, `adyen.test`, over https or http) to the fake
/// or simulated store that answers there, the rest to the network (the simulators).
struct StoreHostRouting: HTTPTransport {
    let hosts: [String: any HTTPTransport]
    let network: any HTTPTransport

    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        let host = URLComponents(string: request.url)?.host ?? ""
        return try await (hosts[host] ?? network).send(request)
    }
}
