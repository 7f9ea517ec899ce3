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
        try await withdrawWaitingJobs(deduplicationKeys: [deduplicationKey])
    }

    /// Deletes the waiting jobs holding the keys, one statement per 500, in key order; the ordering keys
    /// they held a place in are then released in order.
    public func withdrawWaitingJobs(deduplicationKeys: [String]) async throws {
        let keys = Set(deduplicationKeys.map(ExactString.init)).sorted().map(\.text)
        var released: Set<String> = []
        for start in stride(from: 0, to: keys.count, by: 500) {
            let rows = try await sql.raw("""
                DELETE FROM jobs
                WHERE dedup_key IN (\(binds: Array(keys[start..<min(start + 500, keys.count)])))
                    AND state IN (\(bind: Job.State.waiting.rawValue), \(bind: Job.State.held.rawValue))
                RETURNING ordering_key
                """).all()
            for row in rows { if let key = try row.optionalString("ordering_key") { released.insert(key) } }
        }
        for key in released.sorted() { try await JobOrderingGate.release(key, in: session) }
    }
}
