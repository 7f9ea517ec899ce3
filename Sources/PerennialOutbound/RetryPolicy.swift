/// How often, and how patiently, a request that failed for a passing reason is sent again: exponential
/// backoff with full jitter (each wait is drawn uniformly between zero and the current ceiling).
public struct RetryPolicy: Sendable, Hashable {
    /// How many times a request may be sent in all, the first time included. At least 1. Default 3.
    public var attempts: Int
    /// The ceiling of the first wait; it doubles after every failure. Default 0.5 s.
    public var baseDelay: Duration
    /// The highest ceiling a wait can reach. Default 8 s.
    public var maxDelay: Duration

    /// Creates a policy; `attempts` below 1 counts as 1.
    public init(attempts: Int = 3, baseDelay: Duration = .milliseconds(500), maxDelay: Duration = .seconds(8)) {
        self.attempts = max(1, attempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
    }

    /// No retries: one attempt.
    public static let none = RetryPolicy(attempts: 1)

    /// The backoff between attempts: full jitter under `baseDelay · 2^(failures-1)`, capped at `maxDelay`.
    public var backoff: Backoff { Backoff(base: baseDelay, maximum: maxDelay, jitter: .full) }

    /// The ceiling of the wait after the `failures`-th failure (1 for the first).
    public func delayCeiling(afterFailure failures: Int) -> Duration {
        backoff.ceiling(afterFailure: failures)
    }

    /// The wait after the `failures`-th failure: `jitter` draws from `0...ceiling` in seconds (full jitter).
    public func delay(afterFailure failures: Int, jitter: (ClosedRange<Double>) -> Double) -> Duration {
        backoff.delay(afterFailure: failures, draw: jitter)
    }
}
