/// How a faulted Stripe API request is answered.
public enum StripeSimulatedFaultKind: Sendable, Hashable {
    /// HTTP 500 `api_error`.
    case apiError
    /// HTTP 429 `rate_limit_error`.
    case rateLimit
    /// HTTP 503 `api_error` (Stripe unavailable).
    case unavailable
    /// Holds the request this many real seconds, then answers normally (clearing faults lets it go).
    case timeout(seconds: Double)
}
