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
    /// How many pages' writes run at once (a database that commits on several connections: PostgreSQL).
    let concurrency: Int

    /// - Parameter concurrency: pages written at once; 1 (SQLite's single writer): one after another.
    public init(ledger: any Ledger, clock: any Clock, pageSize: Int = 500, concurrency: Int = 1) {
        self.ledger = ledger
        self.clock = clock
        self.pageSize = max(pageSize, 1)
        self.concurrency = max(concurrency, 1)
    }

    /// Replays every subscription of `app` that has transactions, a page at a time (each page one write);
    /// with `dryRun`, decides the same way and writes nothing. Subscriptions nobody owns yet are counted and
    /// left as they are (their facts are folded when a customer first sends proof of them).
    public func replay(
        app: AppSettings, dryRun: Bool, progress: @Sendable (ReplaySummary) -> Void = { _ in }
    ) async throws -> ReplaySummary {
        let now = clock.now()
        guard dryRun else {
            let ingestor = FactIngestor(ledger: ledger, clock: clock)
            return try await rebuildingMetrics(app: app, progress: progress) { keys, session in
                try await ingestor.refold(page: keys, app: app, at: now, in: session)
            }
        }
        let decider = SubscriptionDecider(catalog: app.catalog)
        return try await pages(progress: progress) { cursor in
            try await ledger.read { session in
                try await Self.check(app: app, after: cursor, limit: pageSize, decider: decider, at: now, in: session)
            }
        }
    }

    /// Rebuilds `app`'s metric rollups when they wait for it (after the upgrade that added them, or a replay
    /// that was cut short); nil when they do not. `perennial serve` runs it at startup, in the background. Only
    /// the metrics: each owned subscription's contributions are computed from its facts and written, its state,
    /// events and effects left as they are. A page of subscriptions is locked and read in a few statements.
    public func rebuildMetricsIfNeeded(
        app: AppSettings, progress: @Sendable (ReplaySummary) async -> Void = { _ in }
    ) async throws -> ReplaySummary? {
        guard try await ledger.read({ try await $0.isRebuildingMetricRollups(appID: app.id) }) else { return nil }
        let now = clock.now()
        return try await rebuildingMetrics(app: app, progress: progress) { keys, session in
            try await session.lockSubscriptions(appID: app.id, keys)
            let inputs = try await session.foldInputs(appID: app.id, keys: keys)
            var states: [(before: SubscriptionState?, after: SubscriptionState?)] = []
            for key in keys {
                guard let read = inputs[key], let state = read.state else {
                    states.append((nil, nil))
                    continue
                }
                try await MetricRollups.update(
                    key, environment: state.environment, owner: read.owner, transactions: read.transactions,
                    renewalInfos: read.renewalInfos, app: app, at: now, stored: read.contributions, in: session)
                states.append((state, state))
            }
            return states
        }
    }

    /// Empties the app's rollups (marking its metrics as being rebuilt: they are partial until the last page),
    /// runs `each` on every page of subscriptions with transactions, a page per write, each adding back what
    /// its subscriptions contribute, and marks the metrics rebuilt. `each` returns the states before and after.
    private func rebuildingMetrics(
        app: AppSettings, progress: @Sendable (ReplaySummary) async -> Void,
        each: @escaping @Sendable ([SubscriptionKey], any LedgerSession) async throws -> [(before: SubscriptionState?, after: SubscriptionState?)]
    ) async throws -> ReplaySummary {
        try await ledger.write { try await $0.beginMetricRollupRebuild(appID: app.id) }
        let summary = try await writePages(app: app, progress: progress, each: each)
        try await ledger.write { try await $0.endMetricRollupRebuild(appID: app.id) }
        return summary
    }

    /// The pages' keys read one page ahead, and up to `concurrency` pages written at once, each in a write of its
    /// own. Two pages may lock two customers in opposite orders (a customer's subscriptions in both): the
    /// database then fails one write, and as every page's write is atomic and folding again changes nothing,
    /// a failed page is written again (`write(page:in:each:)`).
    private func writePages(
        app: AppSettings, progress: @Sendable (ReplaySummary) async -> Void,
        each: @escaping @Sendable ([SubscriptionKey], any LedgerSession) async throws -> [(before: SubscriptionState?, after: SubscriptionState?)]
    ) async throws -> ReplaySummary {
        let (ledger, pageSize, concurrency) = (ledger, pageSize, concurrency)
        return try await withThrowingTaskGroup(of: ReplaySummary.self) { group in
            var summary = ReplaySummary()
            var cursor: SubscriptionKey?
            var (running, exhausted) = (0, false)
            while true {
                while running < concurrency, !exhausted {
                    let after = cursor
                    let keys = try await ledger.read { try await $0.subscriptionKeys(appID: app.id, after: after, limit: pageSize) }
                    exhausted = keys.count < pageSize
                    guard let last = keys.last else { break }
                    cursor = last
                    running += 1
                    group.addTask { try await Self.write(page: keys, in: ledger, each: each) }
                }
                guard let done = try await group.next() else { return summary }
                running -= 1
                summary.add(done)
                await progress(summary)
            }
        }
    }

    /// `each` on a page in a write of its own, counted; written again when the write fails, up to three times in all.
    private static func write(
        page keys: [SubscriptionKey], in ledger: any Ledger,
        each: @escaping @Sendable ([SubscriptionKey], any LedgerSession) async throws -> [(before: SubscriptionState?, after: SubscriptionState?)]
    ) async throws -> ReplaySummary {
        var attempt = 1
        while true {
            do {
                return try await ledger.write { session in
                    var page = ReplaySummary(lastKey: keys.last)
                    for (before, after) in try await each(keys, session) {
                        page.count(before: before, after: after, eventsChanged: false)
                    }
                    return page
                }
            } catch where attempt < 3 && !(error is CancellationError) {
                attempt += 1
            }
        }
    }

    /// Runs `page` from the first subscription key on, each call starting after the last one's last key, until
    /// a page comes back short.
    private func pages(
        progress: @Sendable (ReplaySummary) async -> Void, _ page: (SubscriptionKey?) async throws -> ReplaySummary
    ) async throws -> ReplaySummary {
        var summary = ReplaySummary()
        var after: SubscriptionKey?
        while true {
            let done = try await page(after)
            summary.add(done)
            await progress(summary)
            guard let last = done.lastKey, done.subscriptions == pageSize else { return summary }
            after = last
        }
    }

    /// One page of a dry run: what a fold would write, compared with what is stored.
    private static func check(
        app: AppSettings, after: SubscriptionKey?, limit: Int, decider: SubscriptionDecider, at now: Instant,
        in session: any LedgerSession
    ) async throws -> ReplaySummary {
        let keys = try await session.subscriptionKeys(appID: app.id, after: after, limit: limit)
        let inputs = try await session.foldInputs(appID: app.id, keys: keys)
        var page = ReplaySummary(lastKey: keys.last)
        for key in keys {
            let read = inputs[key] ?? SubscriptionFoldInputs()
            guard read.owner != nil else {
                page.count(before: read.state, after: nil, eventsChanged: false)
                continue
            }
            let decision = decider.decide(
                transactions: read.transactions, renewalInfos: read.renewalInfos, recorded: read.events.map(\.event), at: now)
            let eventsChanged = decision.map { !$0.newEvents.isEmpty || !$0.retractedEventFingerprints.isEmpty } ?? false
            page.count(before: read.state, after: decision?.state, eventsChanged: eventsChanged)
        }
        return page
    }
}
