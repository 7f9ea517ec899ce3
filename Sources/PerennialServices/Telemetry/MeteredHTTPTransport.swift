import PerennialOutbound

/// An `HTTPTransport` that counts and times each request with a purpose (a store's API) in the telemetry:
/// by store, endpoint and outcome (the status class, or the transport error's code). Requests without a
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
        let started = ContinuousClock.now
        do {
            let response = try await base.send(request)
            telemetry.storeRequest(
                store: purpose.store, endpoint: purpose.endpoint, outcome: Self.statusClass(response.status),
                duration: ContinuousClock.now - started)
            return response
        } catch {
            let outcome = (error as? HTTPTransportError)?.code.description ?? "other"
            telemetry.storeRequest(store: purpose.store, endpoint: purpose.endpoint, outcome: outcome, duration: ContinuousClock.now - started)
            throw error
        }
    }

    /// `2xx`, `4xx`…; `other` outside 100–599.
    static func statusClass(_ status: Int) -> String {
        (100...599).contains(status) ? "\(status / 100)xx" : "other"
    }
}
