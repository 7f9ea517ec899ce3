import PerennialCore

/// `perennial replay`: rebuilds every subscription's state, events, effects and metric contributions from its
/// stored facts, as an ingestion would now (after an engine change, or to check that the stored states are what the facts
/// say). State is derived, never edited: a replay of unchanged facts with an unchanged engine changes
/// nothing but what time has overtaken (a period that has ended since the last fold).
public struct ReplayService: Sendable {
    let ledger: any Ledger
    let clock: any Clock
    /// Subscriptions folded per ledger write.
    let pageSize: Int

    public init(ledger: any Ledger, clock: any Clock, pageSize: Int = 500) {
        self.ledger = ledger
        self.clock = clock
        self.pageSize = max(pageSize, 1)
    }

    /// Replays every subscription of `app` that has transactions, a page at a time (each page one write);
    /// with `dryRun`, decides the same way and writes nothing. Subscriptions nobody owns yet are counted and
    /// left as they are (their facts are folded when a customer first sends proof of them).
    public func replay(
        app: AppSettings, dryRun: Bool, progress: @Sendable (ReplaySummary) -> Void = { _ in }
    ) async throws -> ReplaySummary {
        let now = clock.now()
        let ingestor = FactIngestor(ledger: ledger, clock: clock)
        let decider = SubscriptionDecider(catalog: app.catalog)
        var summary = ReplaySummary()
        var after: SubscriptionKey?
        if !dryRun {
            // The metrics are rebuilt from nothing (each fold adds what its subscription contributes); until the
            // last page they are partial, and say so.
            try await ledger.write { try await $0.beginMetricRollupRebuild(appID: app.id) }
        }
        while true {
            let cursor = after
            let page: ReplaySummary = dryRun
                ? try await ledger.read { session in
                    try await Self.check(app: app, after: cursor, limit: pageSize, decider: decider, at: now, in: session)
                }
                : try await ledger.write { session in
                    let keys = try await session.subscriptionKeys(appID: app.id, after: cursor, limit: pageSize)
                    var page = ReplaySummary(lastKey: keys.last)
                    for key in keys {
                        let before = try await session.subscriptionState(appID: app.id, subscription: key)
                        let after = try await ingestor.refold([key], app: app, at: now, in: session)[0]
                        page.count(before: before, after: after, eventsChanged: false)
                    }
                    return page
                }
            summary.add(page)
            progress(summary)
            guard let last = page.lastKey, page.subscriptions == pageSize else { break }
            after = last
        }
        if !dryRun {
            try await ledger.write { try await $0.endMetricRollupRebuild(appID: app.id) }
        }
        return summary
    }

    /// Replays `app` when its metrics wait for a rebuild (after the upgrade that added them, or a replay that
    /// was cut short); nil when they do not. `perennial serve` runs it at startup, in the background.
    public func rebuildMetricsIfNeeded(app: AppSettings) async throws -> ReplaySummary? {
        guard try await ledger.read({ try await $0.isRebuildingMetricRollups(appID: app.id) }) else { return nil }
        return try await replay(app: app, dryRun: false)
    }

    /// One page of a dry run: what a fold would write, compared with what is stored.
    private static func check(
        app: AppSettings, after: SubscriptionKey?, limit: Int, decider: SubscriptionDecider, at now: Instant,
        in session: any LedgerSession
    ) async throws -> ReplaySummary {
        let keys = try await session.subscriptionKeys(appID: app.id, after: after, limit: limit)
        var page = ReplaySummary(lastKey: keys.last)
        for key in keys {
            let stored = try await session.subscriptionState(appID: app.id, subscription: key)
            guard try await session.subscriptionOwner(appID: app.id, subscription: key) != nil else {
                page.count(before: stored, after: nil, eventsChanged: false)
                continue
            }
            let decision = decider.decide(
                transactions: try await session.transactions(appID: app.id, subscription: key),
                renewalInfos: try await session.renewalInfos(appID: app.id, subscription: key),
                recorded: try await session.events(appID: app.id, subscription: key).map(\.event), at: now)
            let eventsChanged = decision.map { !$0.newEvents.isEmpty || !$0.retractedEventFingerprints.isEmpty } ?? false
            page.count(before: stored, after: decision?.state, eventsChanged: eventsChanged)
        }
        return page
    }
}
