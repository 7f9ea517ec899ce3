import Foundation
import PerennialOutbound

/// A store simulator reached in-process as if over HTTP: a call's host becomes the `Host` header (so the
/// simulator's links name it), and `handle` answers, as its routes would.
public struct SimulatorTransport: HTTPTransport {
    let handle: @Sendable (SimulatedRequest) async -> SimulatedResponse

    public init(handle: @escaping @Sendable (SimulatedRequest) async -> SimulatedResponse) {
        self.handle = handle
    }

    /// A simulator's API (`api`) and its control API (`control`, for the paths under `controlPrefix`,
    /// `/simulator/<store>/`), reached alike.
    public init(
        api: @escaping @Sendable (SimulatedRequest) async -> SimulatedResponse, controlPrefix: String,
        control: @escaping @Sendable (SimulatedRequest) async -> SimulatedResponse
    ) {
        self.init { request in await (request.path.hasPrefix(controlPrefix) ? control(request) : api(request)) }
    }

    public func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        guard let url = URLComponents(string: request.url), let host = url.host else {
            throw HTTPTransportError(.invalidRequest, message: "not a URL")
        }
        var headers = Dictionary(request.headers.map { ($0.name, $0.value) }) { first, _ in first }
        headers["Host"] = host + (url.port.map { ":\($0)" } ?? "")
        let query = Dictionary((url.queryItems ?? []).map { ($0.name, $0.value ?? "") }) { first, _ in first }
        let answer = await handle(SimulatedRequest(method: request.method, path: url.percentEncodedPath, query: query, headers: headers, body: Data(request.body)))
        return HTTPTransportResponse(
            status: answer.status, headers: answer.headers.sorted { $0.key < $1.key }.map { HTTPTransportHeader(name: $0.key, value: $0.value) },
            body: Array(answer.body))
    }
}
