import Foundation
import PerennialOutbound
import Synchronization

/// Square's API answering from a table of paths (`GET /v2/…` → status and body), recording each request.
final class FakeSquare: HTTPTransport, Sendable {
    private let state = Mutex<(answers: [String: (Int, String)], requests: [HTTPTransportRequest])>(([:], []))

    var requests: [HTTPTransportRequest] { state.withLock { $0.requests } }

    func answer(_ path: String, status: Int = 200, _ body: String) {
        state.withLock { $0.answers[path] = (status, body) }
    }

    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        let path = URLComponents(string: request.url)?.path ?? ""
        let answer = state.withLock { state -> (Int, String)? in
            state.requests.append(request)
            return state.answers[path]
        }
        guard let (status, body) = answer else {
            return HTTPTransportResponse(status: 404, body: Array(#"{"errors":[{"category":"INVALID_REQUEST_ERROR","code":"NOT_FOUND"}]}"#.utf8))
        }
        return HTTPTransportResponse(status: status, body: Array(body.utf8))
    }
}
