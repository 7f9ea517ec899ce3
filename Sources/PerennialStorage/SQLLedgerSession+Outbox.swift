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

    /// Rewrites the matching ordering keys in this write's transaction, comparing the suffix exactly (case
    /// included) on both databases. Each key's line is settled again under both names (`JobOrderingGate`):
    /// jobs of other apps may keep the old one.
    public func replaceOrderingKeySuffix(appID: String, _ suffix: String, with replacement: String) async throws {
        guard !suffix.isEmpty else { return }
        let length = Int32(suffix.utf8.count)
        let matching: SQLQueryString = """
            app_id = \(bind: appID) AND LENGTH(ordering_key) >= \(bind: length)
                AND SUBSTR(ordering_key, LENGTH(ordering_key) - \(bind: length) + 1) = \(bind: suffix)
            """
        let keys = try await sql.raw("SELECT DISTINCT ordering_key FROM jobs WHERE \(matching)").all().map { try $0.string("ordering_key") }
        guard !keys.isEmpty else { return }
        let renamed = keys.map { String($0.utf8.dropLast(suffix.utf8.count))! + replacement }
        try await JobOrderingGate.lock(keys + renamed, in: session)
        try await sql.raw("""
            UPDATE jobs SET ordering_key = SUBSTR(ordering_key, 1, LENGTH(ordering_key) - \(bind: length)) || \(bind: replacement)
            WHERE \(matching)
            """).run()
        for key in Set(keys + renamed).sorted() { try await JobOrderingGate.settle(key, in: session) }
    }

    /// Deletes the job in this write's transaction; an unknown id is ignored. The next job of its ordering
    /// key may then be claimed.
    public func completeJob(id: Int64) async throws {
        try await SQLJobQueue.delete(jobID: id, in: session)
    }
}
