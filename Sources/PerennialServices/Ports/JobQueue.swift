import Foundation
import PerennialCore

/// A durable queue of work to retry later (a receipt Apple could not validate now …). Jobs survive a
/// restart; a claimed job is leased, and returns to the queue if its lease runs out before it completes.
public protocol JobQueue: Sendable {
    /// Adds a job. With a `deduplicationKey`, a job with the same key still waiting is replaced instead.
    func enqueue(_ job: NewJob) async throws

    /// Takes up to `limit` due jobs of these kinds (earliest due first), leasing each until `now + lease`;
    /// none when none is due. Never two of one ordering key, unless one was enqueued ahead of the other
    /// while that other already ran.
    func claim(kinds: [String], now: Instant, leaseMilliseconds: Int64, limit: Int) async throws -> [Job]

    /// Removes a finished job.
    func complete(jobID: Int64) async throws

    /// Returns a failed job to the queue, due at `runAt`, with its attempt count increased.
    func retry(jobID: Int64, error: String, runAt: Instant) async throws

    /// Returns a job whose runner stopped in the middle of it (the server shut down), due at `runAt`, with
    /// `last_error` `interrupted` and the claim that started it not counted as an attempt: an interruption is
    /// not the job's failure, and a job interrupted at many shutdowns is not buried for it.
    func release(jobID: Int64, runAt: Instant) async throws

    /// Moves a job that keeps failing out of the queue, keeping it for inspection.
    func bury(jobID: Int64, error: String) async throws

    /// Jobs, oldest first: of one app when `appID` is given, in one state when `state` is given, after
    /// `cursor`'s job (created then or later, its id the job's number) when given.
    func jobs(appID: String?, state: Job.State?, after cursor: PageCursor?, limit: Int) async throws -> [Job]

    /// Puts a buried job back in the queue, due at `runAt`, with its attempts reset; returns the job, or nil
    /// when there is no buried job with this id (of this app, when `appID` is given).
    func requeue(jobID: Int64, appID: String?, runAt: Instant) async throws -> Job?

    /// The jobs counted by kind and state, each with the earliest due time among those due by `now`.
    func counts(now: Instant) async throws -> [JobCount]
}

extension JobQueue {
    /// Takes the next due job of one of these kinds, leasing it until `now + lease`; nil when none is due.
    public func claim(kinds: [String], now: Instant, leaseMilliseconds: Int64) async throws -> Job? {
        try await claim(kinds: kinds, now: now, leaseMilliseconds: leaseMilliseconds, limit: 1).first
    }

    /// Every job, oldest first.
    public func jobs(limit: Int) async throws -> [Job] {
        try await jobs(appID: nil, state: nil, limit: limit)
    }
}

extension JobQueue {
    /// The oldest jobs: of one app when `appID` is given, in one state when `state` is given.
    public func jobs(appID: String?, state: Job.State?, limit: Int) async throws -> [Job] {
        try await jobs(appID: appID, state: state, after: nil, limit: limit)
    }
}
