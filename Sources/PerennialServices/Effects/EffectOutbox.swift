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
    static func persist(
        _ effects: [SubscriptionEffect], of subscription: SubscriptionKey, appID: String, at now: Instant, in ledger: any LedgerSession
    ) async throws {
        if !effects.contains(where: { if case .checkStatus = $0 { true } else { false } }) {
            try await ledger.withdrawWaitingJob(deduplicationKey: SubscriptionCheckJob.deduplicationKey(appID: appID, subscription: subscription))
        }
        for effect in effects {
            switch effect {
            case .checkStatus(let key, let instant):
                try await ledger.enqueue(SubscriptionCheckJob.job(appID: appID, subscription: key, runAt: instant), createdAt: now)
            case .acknowledge(let key, let transactionID):
                try await ledger.enqueue(
                    StoreEffectJob.acknowledgement(appID: appID, subscription: key, transactionID: transactionID, runAt: now),
                    createdAt: now)
            case .notify:
                continue
            }
        }
    }
}
