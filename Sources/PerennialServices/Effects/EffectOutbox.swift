import PerennialCore

/// Writes the effects of a decision into the ledger write that stores the decision (the outbox), as jobs
/// the job runner performs once the write commits:
/// - `checkStatus`: one waiting `subscription.check` job per subscription, moved to the newest instant
///   (`.replace`), so the state is folded again when time alone changes it; a decision without one
///   withdraws the waiting check (an expired or revoked subscription changes only with new facts);
/// - `acknowledge`: one `store.effect` job per purchase, kept while one waits or runs (`.keep`);
/// - `notify`: no job here — the event itself, appended in the same write, is the record; `WebhookOutbox`
///   records its deliveries (and their jobs) in that write, and the event feed serves it in commit order.
enum EffectOutbox {
    /// Writes the jobs the effects ask for (`jobs(for:of:appID:at:)`) in the caller's write.
    static func persist(
        _ effects: [SubscriptionEffect], of subscription: SubscriptionKey, appID: String, at now: Instant, in ledger: any LedgerSession
    ) async throws {
        let jobs = try jobs(for: effects, of: subscription, appID: appID, at: now)
        if let withdrawn = jobs.withdrawn { try await ledger.withdrawWaitingJob(deduplicationKey: withdrawn) }
        for job in jobs.enqueued { try await ledger.enqueue(job, createdAt: now) }
    }

    /// The jobs a subscription's effects ask for, and the key of the waiting check they withdraw (nil when
    /// they ask for one).
    static func jobs(
        for effects: [SubscriptionEffect], of subscription: SubscriptionKey, appID: String, at now: Instant
    ) throws -> (withdrawn: String?, enqueued: [NewJob]) {
        let checks = effects.contains(where: { if case .checkStatus = $0 { true } else { false } })
        let withdrawn = checks ? nil : SubscriptionCheckJob.deduplicationKey(appID: appID, subscription: subscription)
        let enqueued = try effects.compactMap { effect -> NewJob? in
            switch effect {
            case .checkStatus(let key, let instant):
                try SubscriptionCheckJob.job(appID: appID, subscription: key, runAt: instant)
            case .acknowledge(let key, let transactionID):
                try StoreEffectJob.acknowledgement(appID: appID, subscription: key, transactionID: transactionID, runAt: now)
            case .notify:
                nil
            }
        }
        return (withdrawn, enqueued)
    }
}
