/// A fault in force on the Stripe API, until its SIMULATED window ends (`activeUntil`, simulator clock),
/// its requests run out, or it is removed.
public struct StripeSimulatedFault: Sendable, Hashable, Encodable {
    public var id: Int
    public var kind: StripeSimulatedFaultKind
    /// The `Stripe-Should-Retry` header sent with it (nil: none, the library decides by status).
    public var shouldRetry: Bool?
    public var activeUntil: Int64?
    public var remainingRequests: Int?

    enum CodingKeys: String, CodingKey {
        case id, kind
        case holdSeconds = "hold_seconds"
        case shouldRetry = "should_retry"
        case activeUntil = "active_until"
        case remainingRequests = "remaining_requests"
    }

    /// `{"id", "kind": "api_error"|"rate_limit"|"unavailable"|"timeout", "hold_seconds", "should_retry",
    /// "active_until" (Unix seconds), "remaining_requests"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        switch kind {
        case .apiError: try container.encode("api_error", forKey: .kind)
        case .rateLimit: try container.encode("rate_limit", forKey: .kind)
        case .unavailable: try container.encode("unavailable", forKey: .kind)
        case .timeout(let seconds):
            try container.encode("timeout", forKey: .kind)
            try container.encode(seconds, forKey: .holdSeconds)
        }
        try container.encodeIfPresent(shouldRetry, forKey: .shouldRetry)
        try container.encodeIfPresent(activeUntil, forKey: .activeUntil)
        try container.encodeIfPresent(remainingRequests, forKey: .remainingRequests)
    }
}
