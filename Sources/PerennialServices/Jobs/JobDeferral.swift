import PerennialCore

/// Thrown by a handler that decides itself when its job runs again (a webhook whose receiver asked, with
/// `Retry-After`, or whose own backoff schedule says when): the runner returns the job to the queue due at
/// `runAt`, whatever its attempts, recording `code` as its last error.
public struct JobDeferral: Error, Sendable, Hashable {
    public var runAt: Instant
    /// The stable code of the failure that deferred it.
    public var code: String

    public init(runAt: Instant, code: String) {
        self.runAt = runAt
        self.code = code
    }
}
