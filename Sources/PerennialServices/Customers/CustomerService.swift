import PerennialCore

/// Answers "what does this customer have now" from the read model. A state that time has overtaken since
/// it was stored (its `validUntil` has passed, and its `subscription.check` job has not run yet) is folded
/// once and stored, with its events and effects, before the answer.
///
/// With a `cache` (whose invalidations the ledger's writes make: `CacheInvalidatingLedger`), a customer read
/// before and still exact is answered from memory.
public struct CustomerService: Sendable {
    let ledger: any Ledger
    let clock: any Clock
    let cache: CustomerViewCache?

    /// Counts the cache's hits and misses.
    let telemetry: Telemetry

    public init(ledger: any Ledger, clock: any Clock, cache: CustomerViewCache? = nil, telemetry: Telemetry = .off) {
        self.telemetry = telemetry
        self.ledger = ledger
        self.clock = clock
        self.cache = cache
    }

    /// The customer's view now, or nil if Perennial has never seen them.
    ///
    /// One read gives the customer and its stored states; only states whose `validUntil` has passed are
    /// folded again, in one write that stores them. An alias answers with the customer it resolves to
    /// (whose `appUserID` the view carries).
    public func customer(app: AppSettings, appUserID: String) async throws -> CustomerView? {
        let now = clock.now()
        if let hit = cached(app: app, appUserID: appUserID, at: now) {
            return CustomerView(app: app, customer: hit.snapshot.customer, states: hit.snapshot.subscriptions, at: now)
        }
        if let view = try await read(app: app, appUserID: appUserID, at: now) { return view }
        guard let target = try await aliasTarget(of: appUserID, app: app) else { return nil }
        return try await customer(app: app, appUserID: target)
    }

    /// The customer's answer now as `render` makes it of their view, with the instant it describes; nil if
    /// Perennial has never seen them.
    ///
    /// A customer answered from the cache has their rendering kept with them (from their second read on: a
    /// customer read once costs the cache no more than their snapshot). While the cache holds the customer and
    /// the app's catalog and management URLs are those of the kept rendering, it is given again without
    /// `render`: what `render` makes must not depend on the view's `requestedAt`, which the caller writes
    /// from the instant returned.
    public func customer<Rendering: CustomerRendering>(
        app: AppSettings, appUserID: String, rendering render: (CustomerView) throws -> Rendering
    ) async throws -> (rendering: Rendering, at: Instant)? {
        let now = clock.now()
        if let hit = cached(app: app, appUserID: appUserID, at: now) {
            if let kept = hit.rendering, let value = kept.value as? Rendering, kept.isMade(for: app) {
                return (value, now)
            }
            let rendering = try render(CustomerView(app: app, customer: hit.snapshot.customer, states: hit.snapshot.subscriptions, at: now))
            cache?.attach(.init(app: app, value: rendering), appID: app.id, appUserID: appUserID, generation: hit.generation)
            return (rendering, now)
        }
        if let view = try await read(app: app, appUserID: appUserID, at: now) { return (try render(view), now) }
        guard let target = try await aliasTarget(of: appUserID, app: app) else { return nil }
        return try await customer(app: app, appUserID: target, rendering: render)
    }

    /// The cache's entry for the customer, counted as a hit or a miss; nil without a cache.
    private func cached(app: AppSettings, appUserID: String, at now: Instant) -> CustomerViewCache.Hit? {
        guard let cache else { return nil }
        let hit = cache.lookup(appID: app.id, appUserID: appUserID, at: now)
        telemetry.customerCacheLookup(hit: hit != nil)
        return hit
    }

    /// The customer an id that no customer has stands for (an anonymous id that logged in), or nil.
    private func aliasTarget(of appUserID: String, app: AppSettings) async throws -> String? {
        let target = try await IdentityService.resolve(appUserID, appID: app.id, in: ledger)
        return target.isExactly(appUserID) ? nil : target
    }

    /// The customer's view read from the ledger (its snapshot kept in the cache unless states were folded
    /// again), or nil if no customer has the id.
    private func read(app: AppSettings, appUserID: String, at now: Instant) async throws -> CustomerView? {
        let generation = cache?.generation
        guard let snapshot = try await ledger.customerWithSubscriptions(appID: app.id, appUserID: appUserID) else { return nil }
        var states = snapshot.subscriptions
        let outdated = states.indices.filter { index in states[index].validUntil.map { $0 <= now } ?? false }
        if !outdated.isEmpty {
            let refolded = try await FactIngestor(ledger: ledger, clock: clock)
                .refold(outdated.map { states[$0].key }, app: app, at: now)
            for (index, state) in zip(outdated, refolded) {
                if let state { states[index] = state }
            }
        } else if let cache, let generation {
            cache.keep(snapshot, appID: app.id, readAt: generation)
        }
        return CustomerView(app: app, customer: snapshot.customer, states: states, at: now)
    }

    /// The customer's events, oldest first (an alias's are its customer's).
    public func events(app: AppSettings, appUserID: String, limit: Int = 500) async throws -> [StoredEvent]? {
        try await ledger.read { ledger in
            let appUserID = try await ledger.aliasTarget(appID: app.id, alias: appUserID) ?? appUserID
            guard try await ledger.customer(appID: app.id, appUserID: appUserID) != nil else { return nil }
            return try await ledger.events(appID: app.id, appUserID: appUserID, limit: limit)
        }
    }
}
