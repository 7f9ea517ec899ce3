import Foundation
import PerennialOutbound

/// A stand-in for Stripe's API: answers each `METHOD /path` (query ignored) from a queue of responses, the
/// last one repeated; 404 `resource_missing` for anything unscripted. Records every request.
actor ScriptedStripe: HTTPTransport {
    private(set) var requests: [HTTPTransportRequest] = []
    private var answers: [String: [HTTPTransportResponse]] = [:]

    /// Scripts the answers to `call` (`GET /v1/subscriptions/sub_1`), in order.
    func answer(_ call: String, _ responses: HTTPTransportResponse...) {
        answers[call, default: []] += responses
    }

    /// Scripts a 200 with a JSON body.
    func answer(_ call: String, json: String) {
        answer(call, HTTPTransportResponse(status: 200, headers: [.init(name: "Request-Id", value: "req_1")], body: Array(json.utf8)))
    }

    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        requests.append(request)
        let afterHost = request.url.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" }
        let path = afterHost.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
        let call = "\(request.method) \(path)"
        guard var queue = answers[call], let first = queue.first else {
            return HTTPTransportResponse(
                status: 404, body: Array(#"{"error":{"type":"invalid_request_error","code":"resource_missing","message":"No such object"}}"#.utf8)
            )
        }
        if queue.count > 1 {
            queue.removeFirst()
            answers[call] = queue
        }
        return first
    }
}
