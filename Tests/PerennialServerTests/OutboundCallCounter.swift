import PerennialOutbound

/// Counts the calls Perennial makes to each store's API (by `HTTPTransportPurpose.store`), for tests of what
/// an event costs of a store's rate limits. Calls with no API path (an OAuth token, Google's signing keys)
/// are credentials kept for an hour whatever the traffic, and are not counted.
actor OutboundCallCounter {
    private(set) var calls: [String: Int] = [:]

    func count(_ purpose: HTTPTransportPurpose?) {
        guard let purpose, purpose.endpoint.contains(" /") else { return }
        calls[purpose.store, default: 0] += 1
    }

    /// `network` with every request counted here first.
    nonisolated func counting(_ network: any HTTPTransport) -> any HTTPTransport {
        CountingTransport(counter: self, network: network)
    }

    private struct CountingTransport: HTTPTransport {
        let counter: OutboundCallCounter
        let network: any HTTPTransport

        func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
            await counter.count(request.purpose)
            return try await network.send(request)
        }
    }
}
