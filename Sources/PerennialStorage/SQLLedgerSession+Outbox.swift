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

    /// Rewrites the matching ordering keys in this write's transaction, comparing the suffix exactly (case
    /// included) on both databases.
    public func replaceOrderingKeySuffix(appID: String, _ suffix: String, with replacement: String) async throws {
        guard !suffix.isEmpty else { return }
        let length = Int32(suffix.utf8.count)
        try await sql.raw("""
            UPDATE jobs SET ordering_key = SUBSTR(ordering_key, 1, LENGTH(ordering_key) - \(bind: length)) || \(bind: replacement)
            WHERE app_id = \(bind: appID) AND LENGTH(ordering_key) >= \(bind: length)
                AND SUBSTR(ordering_key, LENGTH(ordering_key) - \(bind: length) + 1) = \(bind: suffix)
            """).run()
    }

    /// Deletes the job in this write's transaction; an unknown id is ignored.
    public func completeJob(id: Int64) async throws {
        try await sql.raw("DELETE FROM jobs WHERE id = \(bind: id)").run()
    }
}
