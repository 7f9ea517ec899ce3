import Foundation
import PerennialCore

/// The job queue's side inside a write: jobs enqueued and withdrawn with the decision that asks for them. A role of `LedgerSession`: every
/// write is idempotent, and runs inside the caller's `Ledger` write or read.
public protocol JobOutbox: Sendable {
    /// Adds a job to the durable job queue as part of this write (the outbox of effects): the job runner
    /// sees it only once the write commits, and never for a write that rolled back. Deduplicates as
    /// `JobQueue.enqueue` does.
    func enqueue(_ job: NewJob, createdAt: Instant) async throws

    /// Adds jobs as `enqueue(_:createdAt:)` does, in a few statements for many.
    func enqueue(_ jobs: [NewJob], createdAt: Instant) async throws

    /// Removes the waiting job holding this deduplication key, if any, as part of this write (an effect a
    /// newer decision no longer asks for). A leased or buried job is left as it is.
    func withdrawWaitingJob(deduplicationKey: String) async throws

    /// Withdraws the waiting jobs holding these keys, as `withdrawWaitingJob` does, in a few statements.
    func withdrawWaitingJobs(deduplicationKeys: [String]) async throws
}
