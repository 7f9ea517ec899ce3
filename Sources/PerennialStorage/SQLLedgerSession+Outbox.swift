import PerennialCore
import PerennialServices
import SQLKit

extension SQLLedgerSession {
    /// Inserts the job into the `jobs` table in this write's transaction: the runner sees it only once the
    /// write commits, and never for a write that rolled back.
    public func enqueue(_ job: NewJob, createdAt: Instant) async throws {
        try await SQLJobQueue.insert(job, createdAt: createdAt, in: session)
    }

    /// Deletes the waiting job holding the key, in this write's transaction.
    public func withdrawWaitingJob(deduplicationKey: String) async throws {
        try await sql.raw("""
            DELETE FROM jobs WHERE dedup_key = \(bind: deduplicationKey) AND state = \(bind: Job.State.waiting.rawValue)
            """).run()
    }
}
