import PerennialAppStore
import PerennialOutbound
import Synchronization

/// An `HTTPTransport` that answers from a closure and records every request, standing in for OCSP responders.
final class FakeOCSPTransport: HTTPTransport {
    private let answer: @Sendable (HTTPTransportRequest) throws -> HTTPTransportResponse
    private let recorded = Mutex<[HTTPTransportRequest]>([])

    init(_ answer: @escaping @Sendable (HTTPTransportRequest) throws -> HTTPTransportResponse) {
        self.answer = answer
    }

    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        recorded.withLock { $0.append(request) }
        return try answer(request)
    }

    /// The requests sent so far.
    var requests: [HTTPTransportRequest] { recorded.withLock { $0 } }
}
