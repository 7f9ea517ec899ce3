import PerennialCore
import PerennialServices
import SQLKit

extension SQLLedgerSession {
    /// Inserts the job into the `jobs` table in this write's transaction: the runner sees it only once the
    /// write commits, and never for a write that rolled back.
    public func enqueue(_ job: NewJob, createdAt: Instant) async throws {
        try await SQLJobQueue.insert(job, createdAt: createdAt, in: session)
    }

    /// Inserts the jobs in this write's transaction, many per statement.
    public func enqueue(_ jobs: [NewJob], createdAt: Instant) async throws {
        try await SQLJobQueue.insert(jobs, createdAt: createdAt, in: session)
    }

    /// Deletes the waiting job holding the key, in this write's transaction.
    public func withdrawWaitingJob(deduplicationKey: String) async throws {
        let row = try await sql.raw("""
            DELETE FROM jobs
            WHERE dedup_key = \(bind: deduplicationKey) AND state IN (\(bind: Job.State.waiting.rawValue), \(bind: Job.State.held.rawValue))
            RETURNING ordering_key
            """).first()
        try await JobOrderingGate.release(try row?.optionalString("ordering_key"), in: session)
    }
}
