import PerennialCore
import PerennialServices

/// One token bucket: a pure value that takes the time and answers whether a request may pass.
struct TokenBucket: Sendable {
    let limit: RateLimit
    private(set) var tokens: Double
    private(set) var refilledAt: Instant

    init(limit: RateLimit, now: Instant) {
        self.limit = limit
        tokens = Double(max(1, limit.burst))
        refilledAt = now
    }

    /// Takes a token when there is one and returns nil; otherwise returns the whole seconds (at least 1)
    /// until there will be one.
    mutating func take(at now: Instant) -> Int? {
        refill(at: now)
        if tokens >= 1 {
            tokens -= 1
            return nil
        }
        return retryAfter
    }

    /// Returns a token taken earlier (at most up to the burst).
    mutating func giveBack(at now: Instant) {
        refill(at: now)
        tokens = min(Double(max(1, limit.burst)), tokens + 1)
    }

    /// Whether a token could be taken at `now`, without taking it: nil if so, else the seconds to wait.
    func peek(at now: Instant) -> Int? {
        var copy = self
        copy.refill(at: now)
        return copy.tokens >= 1 ? nil : copy.retryAfter
    }

    /// Whether the bucket is full at `now` (as if never used): it can be forgotten.
    func isFull(at now: Instant) -> Bool {
        var copy = self
        copy.refill(at: now)
        return copy.tokens >= Double(max(1, limit.burst))
    }

    private mutating func refill(at now: Instant) {
        let capacity = Double(max(1, limit.burst))
        let elapsed = Double(max(0, now.milliseconds - refilledAt.milliseconds)) / 1000
        tokens = min(capacity, tokens + elapsed * limit.perSecond)
        refilledAt = max(refilledAt, now)
    }

    private var retryAfter: Int {
        let seconds = ((1 - tokens) / limit.perSecond).rounded(.up)
        return seconds.isFinite ? max(1, Int(min(seconds, 86_400))) : 86_400
    }
}
