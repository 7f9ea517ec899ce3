import PerennialAppStore
import PerennialOutbound

/// A fake `HTTPTransport`: records every request and answers from a script, in order.
actor ScriptedTransport: HTTPTransport {
    /// One scripted answer.
    enum Answer: Sendable {
        case response(HTTPTransportResponse)
        case failure(HTTPTransportError)
    }

    private var answers: [Answer]
    private(set) var requests: [HTTPTransportRequest] = []

    init(_ answers: [Answer]) {
        self.answers = answers
    }

    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        requests.append(request)
        guard !answers.isEmpty else { throw HTTPTransportError.other("script exhausted") }
        switch answers.removeFirst() {
        case .response(let response): return response
        case .failure(let error): throw error
        }
    }

    /// How many scripted answers were not used.
    var unused: Int { answers.count }
}

extension ScriptedTransport.Answer {
    /// HTTP 200 with a verifyReceipt body of this status.
    static func status(_ status: Int, isRetryable: String? = nil, environment: String? = nil) -> Self {
        var object = "\"status\":\(status)"
        if let isRetryable { object += ",\"is-retryable\":\(isRetryable)" }
        if let environment { object += ",\"environment\":\"\(environment)\"" }
        if status == 0 || status == 21006 {
            object += ",\"receipt\":{\"bundle_id\":\"com.example.anchor\",\"in_app\":[]}"
        }
        return .response(HTTPTransportResponse(status: 200, body: Array("{\(object)}".utf8)))
    }

    /// An HTTP status with a body.
    static func http(_ status: Int, body: String = "") -> Self {
        .response(HTTPTransportResponse(status: status, body: Array(body.utf8)))
    }
}
