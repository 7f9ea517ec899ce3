import PerennialCore

/// The writes of a page of folds (`FactIngestor.refold(page:)`) that wait to be sent together: each
/// subscription's state, its metric contributions (and with them its owner's lifetime value) and the jobs
/// its effects ask for. Nothing the page's folds read depends on them (a refolded subscription keeps its
/// stored owner), so they go in a few statements at the end of the page, or before a subscription of the
/// page is read again.
///
/// Used by one task, inside one write; never shared.
final class PendingFoldWrites {
    private var saves: [SubscriptionSave] = []
    private var withdrawn: [String] = []
    private var enqueued: [NewJob] = []
    private var contributions: [MetricContributionReplacement] = []

    /// Keeps a folded subscription's state, its new contributions (nil: unchanged) and the jobs of its
    /// effects for `send`.
    func add(
        owner: String, state: SubscriptionState, contributions replacement: MetricContributionReplacement?,
        effects: [SubscriptionEffect], appID: String, at now: Instant
    ) throws {
        saves.append(SubscriptionSave(ownerAppUserID: owner, state: state))
        if let replacement { contributions.append(replacement) }
        let jobs = try EffectOutbox.jobs(for: effects, of: state.key, appID: appID, at: now)
        if let key = jobs.withdrawn { withdrawn.append(key) }
        enqueued += jobs.enqueued
    }

    /// Writes what was kept, in the caller's write, and forgets it.
    func send(appID: String, at now: Instant, in ledger: any LedgerSession) async throws {
        if !saves.isEmpty { try await ledger.saveSubscriptions(appID: appID, saves, updatedAt: now) }
        if !contributions.isEmpty { try await ledger.replaceMetricContributions(appID: appID, contributions) }
        if !withdrawn.isEmpty { try await ledger.withdrawWaitingJobs(deduplicationKeys: withdrawn) }
        if !enqueued.isEmpty { try await ledger.enqueue(enqueued, createdAt: now) }
        saves = []
        withdrawn = []
        enqueued = []
        contributions = []
    }
}
