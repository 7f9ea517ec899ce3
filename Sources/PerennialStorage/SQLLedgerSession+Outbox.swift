import PerennialCore
import PerennialServices

extension SQLLedgerSession {
    /// Inserts the job into the `jobs` table in this write's transaction: the runner sees it only once the
    /// write commits, and never for a write that rolled back.
    public func enqueue(_ job: NewJob, createdAt: Instant) async throws {
        try await SQLJobQueue.insert(job, createdAt: createdAt, in: session)
    }
}
