/// Sends a request as a store's API client does: again, after the policy's backoff, when it got no answer,
/// a 429 or a 5xx; never again for anything else.
public struct RetryingSender: Sendable {
    public typealias Sleep = @Sendable (Duration) async throws -> Void

    /// How a request ended.
    public enum Outcome: Sendable {
        /// The last answer: any status but 429 and 5xx, or one of them once the attempts ran out.
        case answered(HTTPTransportResponse)
        /// The request cannot be sent at all (a malformed URL); trying again would not help.
        case unsendable(String)
        /// No answer, however often it was sent (or the wait between attempts was cancelled).
        case unanswered
    }

    public let transport: any HTTPTransport
    public let retryPolicy: RetryPolicy
    public let sleep: Sleep

    public init(transport: any HTTPTransport, retryPolicy: RetryPolicy, sleep: @escaping Sleep = { try await Task.sleep(for: $0) }) {
        self.transport = transport
        self.retryPolicy = retryPolicy
        self.sleep = sleep
    }

    /// Whether an answer with `status` is worth asking again for.
    public static func isRetryable(_ status: Int) -> Bool {
        status == 429 || status >= 500
    }

    public func send(_ request: HTTPTransportRequest) async -> Outcome {
        var failures = 0
        while true {
            let outcome: Outcome
            do {
                let response = try await transport.send(request)
                guard Self.isRetryable(response.status) else { return .answered(response) }
                outcome = .answered(response)
            } catch let error as HTTPTransportError where error.code == .invalidRequest {
                return .unsendable(error.message)
            } catch is CancellationError {
                return .unanswered
            } catch {
                outcome = .unanswered
            }
            failures += 1
            guard failures < retryPolicy.attempts else { return outcome }
            do {
                try await sleep(retryPolicy.delay(afterFailure: failures) { Double.random(in: $0) })
            } catch {
                return outcome
            }
        }
    }
}
