import Foundation
import PerennialOutbound
import Synchronization

/// A way to Adyen on which the first `count` payment requests reach Adyen (and are charged) but their
/// answers are lost on the way back, as when the connection drops or the server dies mid-call.
final class AnswerLosingTransport: HTTPTransport, Sendable {
    let inner: any HTTPTransport
    private let left: Mutex<Int>

    init(_ inner: any HTTPTransport, losing count: Int) {
        self.inner = inner
        left = Mutex(count)
    }

    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        let response = try await inner.send(request)
        guard request.url.hasSuffix("/payments") else { return response }
        let lose = left.withLock { left -> Bool in
            guard left > 0 else { return false }
            left -= 1
            return true
        }
        if lose { throw HTTPTransportError.connection("the answer was lost") }
        return response
    }
}
