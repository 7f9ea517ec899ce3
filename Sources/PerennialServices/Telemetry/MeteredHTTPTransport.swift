import PerennialOutbound
import Tracing

/// An `HTTPTransport` that counts and times each request with a purpose (a store's API) in the telemetry:
/// by store, endpoint and outcome (the status class, or the transport error's code), each in a client span
/// of its own when tracing is on (`<store> <endpoint>`, with those as attributes). Requests without a
/// purpose pass through uncounted.
public struct MeteredHTTPTransport: HTTPTransport {
    let base: any HTTPTransport
    let telemetry: Telemetry

    public init(_ base: any HTTPTransport, telemetry: Telemetry) {
        self.base = base
        self.telemetry = telemetry
    }

    public func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        guard let purpose = request.purpose else { return try await base.send(request) }
        return try await withSpan("\(purpose.store) \(purpose.endpoint)", ofKind: .client) { span in
            span.attributes["perennial.store"] = purpose.store
            span.attributes["perennial.store.endpoint"] = purpose.endpoint
            let started = ContinuousClock.now
            do {
                let response = try await base.send(request)
                let outcome = Self.statusClass(response.status)
                span.attributes["http.response.status_code"] = response.status
                span.attributes["perennial.store.outcome"] = outcome
                telemetry.storeRequest(store: purpose.store, endpoint: purpose.endpoint, outcome: outcome, duration: ContinuousClock.now - started)
                return response
            } catch {
                let outcome = (error as? HTTPTransportError)?.code.description ?? "other"
                span.attributes["perennial.store.outcome"] = outcome
                telemetry.storeRequest(store: purpose.store, endpoint: purpose.endpoint, outcome: outcome, duration: ContinuousClock.now - started)
                throw error
            }
        }
    }

    /// `2xx`, `4xx`…; `other` outside 100–599.
    static func statusClass(_ status: Int) -> String {
        (100...599).contains(status) ? "\(status / 100)xx" : "other"
    }
}
