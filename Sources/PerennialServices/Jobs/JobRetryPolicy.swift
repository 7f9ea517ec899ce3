import PerennialCore
import PerennialOutbound

/// How failed jobs are retried: exponential backoff with jitter, and after how many attempts a job is
/// buried (the dead-letter state: kept, listed, re-queueable, never run again on its own).
public struct JobRetryPolicy: Sendable, Hashable {
    /// The delay after the first failure; each later failure doubles it.
    public var base: Duration
    /// The longest delay between two attempts.
    public var maximum: Duration
    /// A job that has been tried this many times and fails again is buried.
    public var maximumAttempts: Int
    /// How long a claimed job is leased: a worker that dies mid-job leaves it to another after this.
    public var lease: Duration

    public init(
        base: Duration = .seconds(30), maximum: Duration = .seconds(3600), maximumAttempts: Int = 20,
        lease: Duration = .seconds(120)
    ) {
        self.base = base
        self.maximum = maximum
        self.maximumAttempts = maximumAttempts
        self.lease = lease
    }

    /// The delay before the next attempt after `attempt` failed attempts, in milliseconds: exponential,
    /// capped, with equal jitter (between half and all of the ceiling) so that jobs failed together do not
    /// all come back together.
    public func delay<Generator: RandomNumberGenerator>(afterAttempt attempt: Int, using generator: inout Generator) -> Int64 {
        let backoff = Backoff(base: max(base, .milliseconds(1)), maximum: max(maximum, .milliseconds(1)), jitter: .equal)
        return backoff.delay(afterFailure: attempt) { Double.random(in: $0, using: &generator) }.milliseconds
    }
}
