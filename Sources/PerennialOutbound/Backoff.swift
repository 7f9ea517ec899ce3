/// Exponential backoff: the ceiling of the wait after the n-th failure is `base · 2^(n-1)`, capped at
/// `maximum`, and the wait itself is drawn below it (`Jitter`) so that requests or jobs that failed together
/// do not all come back together. The one backoff every retry in Perennial uses: a store client's immediate
/// retries (`RetryPolicy`) and the job queue's (`JobRetryPolicy`).
public struct Backoff: Sendable, Hashable {
    /// Where under the ceiling a wait is drawn.
    public enum Jitter: Sendable, Hashable {
        /// Anywhere from zero to the ceiling: the most spread out.
        case full
        /// From half the ceiling to all of it: spread out, yet never much shorter than the ceiling.
        case equal
    }

    /// The ceiling of the first wait.
    public var base: Duration
    /// The highest a ceiling can reach.
    public var maximum: Duration
    public var jitter: Jitter

    public init(base: Duration, maximum: Duration, jitter: Jitter) {
        self.base = base
        self.maximum = maximum
        self.jitter = jitter
    }

    /// The ceiling of the wait after the `failures`-th failure (1 for the first).
    public func ceiling(afterFailure failures: Int) -> Duration {
        let exponent = min(max(failures - 1, 0), 62)
        return .seconds(min(base.seconds * Double(1 << exponent), maximum.seconds))
    }

    /// The wait after the `failures`-th failure; `draw` picks a number in a range (a random one, or a fixed
    /// one in tests).
    public func delay(afterFailure failures: Int, draw: (ClosedRange<Double>) -> Double) -> Duration {
        let ceiling = ceiling(afterFailure: failures).seconds
        guard ceiling > 0 else { return .zero }
        let range = jitter == .full ? 0...ceiling : (ceiling / 2)...ceiling
        return .seconds(min(max(draw(range), range.lowerBound), range.upperBound))
    }
}
