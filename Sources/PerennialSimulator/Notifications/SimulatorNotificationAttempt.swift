import PerennialCore

/// One attempt to deliver a notification.
public struct SimulatorNotificationAttempt: Sendable, Hashable, Codable {
    /// The simulated instant of the attempt.
    public var attemptedAt: Instant
    /// The HTTP status the server answered; nil when it could not be reached.
    public var httpStatus: Int?
    /// Apple's `sendAttemptResult`: `SUCCESS`, `UNSUCCESSFUL_HTTP_RESPONSE_CODE` or `NO_RESPONSE`.
    public var result: String

    /// An attempt at `attemptedAt` that got `httpStatus` (nil: no response); `result` follows from it.
    public init(attemptedAt: Instant, httpStatus: Int?) {
        self.attemptedAt = attemptedAt
        self.httpStatus = httpStatus
        switch httpStatus {
        case .none: result = "NO_RESPONSE"
        case .some(let status) where SimulatorNotification.isSuccess(status): result = "SUCCESS"
        case .some: result = "UNSUCCESSFUL_HTTP_RESPONSE_CODE"
        }
    }

    enum CodingKeys: String, CodingKey {
        case result
        case attemptedAt = "attempted_at_ms"
        case httpStatus = "http_status"
    }
}
