/// How a faulted verifyReceipt request is answered.
public enum SimulatorFaultKind: Sendable, Hashable {
    /// HTTP 200 with `{"status": code}`, plus `is-retryable` 1/0 when given (for 21100–21199 it defaults to 1).
    case status(Int, isRetryable: Bool?)
    /// This HTTP status (500, 502, 503 …) with an empty or HTML body.
    case httpStatus(Int, body: SimulatorFaultBody)
    /// Hold the request for this many real seconds, then answer normally. Clearing faults, or cancelling
    /// the request's task, releases it at once.
    case timeout(seconds: Double)
}
