import Foundation
import PerennialOutbound

/// The simulator reached in-process as if over HTTP: a call's host becomes the simulator's own address (its
/// links and certificate URL name it), so a client configured with that host works unchanged.
public struct PayPalSimulatorTransport: HTTPTransport {
    public let simulator: PayPalSimulator

    public init(simulator: PayPalSimulator) {
        self.simulator = simulator
    }

    public func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        guard let url = URLComponents(string: request.url), let host = url.host else {
            throw HTTPTransportError(.invalidRequest, message: "not a URL")
        }
        var headers = Dictionary(request.headers.map { ($0.name, $0.value) }) { first, _ in first }
        headers["Host"] = host + (url.port.map { ":\($0)" } ?? "")
        let query = Dictionary((url.queryItems ?? []).map { ($0.name, $0.value ?? "") }) { first, _ in first }
        let call = PayPalSimulatedRequest(method: request.method, path: url.path, query: query, headers: headers, body: Data(request.body))
        let answer = await (url.path.hasPrefix("/simulator/paypal/") ? simulator.control(call) : simulator.handle(call))
        return HTTPTransportResponse(
            status: answer.status, headers: answer.headers.sorted { $0.key < $1.key }.map { HTTPTransportHeader(name: $0.key, value: $0.value) },
            body: Array(answer.body))
    }
}
