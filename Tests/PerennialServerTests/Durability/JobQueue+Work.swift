import PerennialServices

extension JobQueue {
    /// The queued work that is not a scheduled status check (`subscription.check`, which every live
    /// subscription keeps waiting until its state changes by itself).
    func work(limit: Int = 1_000) async throws -> [Job] {
        try await jobs(limit: limit).filter { $0.kind != SubscriptionCheckJob.jobKind }
    }
}
