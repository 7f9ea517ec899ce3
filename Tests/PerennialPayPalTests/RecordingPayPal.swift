import Foundation
import PerennialOutbound

/// A PayPal API answering from a script, recording each request it was sent.
actor RecordingPayPal: HTTPTransport {
    private(set) var requests: [HTTPTransportRequest] = []
    private var answers: [(status: Int, body: String)]

    init(_ answers: [(status: Int, body: String)]) {
        self.answers = answers
    }

    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        requests.append(request)
        guard !answers.isEmpty else { throw HTTPTransportError(.connection, message: "the script ran out") }
        let answer = answers.removeFirst()
        return HTTPTransportResponse(status: answer.status, body: Array(answer.body.utf8))
    }
}
